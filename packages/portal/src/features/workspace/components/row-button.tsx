import { Trans, useLingui } from '@lingui/react/macro';
import styles from '../workspace.module.css';

/**
 * A table row's Edit or Delete button (Delete drawn as a destructive action): the word on screen, and
 * "Edit <name>" or "Delete <name>" for assistive technology, `name` being what the row is (a domain, a
 * code, a person).
 */
export function RowButton(props: { action: 'edit' | 'delete'; name: string; onClick: () => void }) {
  const { t } = useLingui();
  const edit = props.action === 'edit';
  return (
    <button
      type="button"
      className={edit ? styles.secondary : styles.danger}
      aria-label={edit ? t`Edit ${props.name}` : t`Delete ${props.name}`}
      onClick={props.onClick}
    >
      {edit ? <Trans>Edit</Trans> : <Trans>Delete</Trans>}
    </button>
  );
}
