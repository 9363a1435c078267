import { Trans } from '@lingui/react/macro';
import styles from '../workspace.module.css';

/** What the workspace and its lead pages show an account that is neither a broker nor an admin. */
export function StaffOnly() {
  return (
    <section className={styles.page}>
      <p role="alert">
        <Trans>This workspace is for brokers and administrators.</Trans>
      </p>
    </section>
  );
}
