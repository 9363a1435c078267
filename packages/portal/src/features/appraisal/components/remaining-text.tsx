import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import styles from './appraisal.module.css';

/** 'N appraisals left today' (null: unlimited). */
export function RemainingText({ remaining }: { remaining: number | null }) {
  const { t } = useLingui();
  return (
    <p className={styles.remaining} data-testid="appraisals-remaining">
      {remaining === null
        ? t`Unlimited appraisals today`
        : t`${plural(remaining, { one: '# appraisal left today', other: '# appraisals left today' })}`}
    </p>
  );
}
