import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import styles from './appraisal.module.css';
import { renewalText } from './messages.ts';

/** 'N appraisals left today' (null: unlimited); at 0, when they renew (when the API said). */
export function RemainingText({
  remaining,
  renewsAt,
}: {
  remaining: number | null;
  renewsAt?: string | null | undefined;
}) {
  const { t, i18n } = useLingui();
  return (
    <p className={styles.remaining} data-testid="appraisals-remaining">
      {remaining === null
        ? t`Unlimited appraisals today`
        : t`${plural(remaining, { one: '# appraisal left today', other: '# appraisals left today' })}`}
      {remaining === 0 && renewsAt ? ` ${renewalText(renewsAt, i18n)}` : null}
    </p>
  );
}
