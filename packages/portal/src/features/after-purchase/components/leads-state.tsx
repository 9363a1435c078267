import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formStyles } from '#portal/components/form.tsx';
import type { useMyLeads } from '#portal/lib/leads.ts';
import styles from './after-purchase.module.css';

/**
 * What a page over the buyer's leads shows until they are loaded: a loading line, or `failed` with
 * 'Try Again'. Null once the leads are there, so the page draws its own content.
 */
export function leadsState(leads: ReturnType<typeof useMyLeads>, failed: ReactNode): ReactNode | null {
  if (leads.isPending)
    return (
      <p role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  if (leads.isError)
    return (
      <div className={styles.state} role="alert">
        <p>{failed}</p>
        <button type="button" className={formStyles.secondary} onClick={() => void leads.refetch()}>
          <Trans>Try Again</Trans>
        </button>
      </div>
    );
  return null;
}
