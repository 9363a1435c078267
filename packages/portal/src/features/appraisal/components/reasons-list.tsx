import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { visibleReasons } from '../utils/rules.ts';
import styles from './appraisal.module.css';

/**
 * The reasons, most important first: 5 while collapsed, 'Read more' / 'Read less' toggles. A guest sees
 * the first 5 only; their 'Read more' asks for a session (the caller opens the login window).
 */
export function ReasonsList({
  reasons,
  total,
  expanded,
  signedIn,
  onToggle,
}: {
  reasons: readonly string[];
  /** How many reasons exist (the API's descriptionCount); more than `reasons` for a guest. */
  total?: number | undefined;
  expanded: boolean;
  signedIn: boolean;
  onToggle: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const { shown, more } = visibleReasons(reasons, { expanded, signedIn, total });
  const open = expanded && signedIn;
  return (
    <div>
      <ol id={id} className={styles.reasons}>
        {shown.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ol>
      {more && (
        <button
          type="button"
          className={styles.linkButton}
          aria-expanded={open}
          aria-controls={id}
          onClick={onToggle}
        >
          {open ? t`Read Less` : t`Read More`}
        </button>
      )}
    </div>
  );
}
