import type { ReactNode } from 'react';
import { Panel } from '#portal/components/panel.tsx';
import styles from '../workspace.module.css';

/** A section of the lead page or of a tab: the shared titled Panel drawn as the workspace's card. */
export function Card(props: { id: string; title: ReactNode; children: ReactNode }) {
  return <Panel {...props} className={styles.card} />;
}

/** One fact of a card's list (`<dl className={styles.facts}>`): its label and its value. */
export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
