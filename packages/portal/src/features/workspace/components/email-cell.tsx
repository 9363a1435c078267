import styles from '../workspace.module.css';

/**
 * An email in a narrow table cell. It may wrap (the Users table has to fit 1280 px), and when it does
 * it breaks after the "@" first, so the address reads "name@" over "example.com" rather than being cut
 * mid-word; a part longer than the cell still breaks wherever it must.
 */
export function EmailCell({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className={styles.wrapCell}>
      {at < 0 ? (
        email
      ) : (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      )}
    </span>
  );
}
