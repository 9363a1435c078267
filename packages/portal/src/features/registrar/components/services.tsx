import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import styles from './landing.module.css';

interface Tile {
  key: string;
  title: MessageDescriptor;
  text: MessageDescriptor;
  icon: string;
}

/** The eight service tiles (docs/product.md "Registrar landing page and widget"), in the spec's order. */
export const SERVICES: readonly Tile[] = [
  {
    key: 'budgeting',
    title: msg`Budgeting`,
    text: msg`We help you set a realistic budget from recent sales of similar names.`,
    icon: 'M4 6h16v12H4z M4 10h16 M8 14h3',
  },
  {
    key: 'strategy',
    title: msg`Strategy`,
    text: msg`A plan for approaching the owner: when to reach out, what to offer first and when to walk away.`,
    icon: 'M5 19l5-6 4 3 5-8 M15 8h4v4',
  },
  {
    key: 'appraisals',
    title: msg`Appraisals`,
    text: msg`An independent estimate of what the domain is worth before any money changes hands.`,
    icon: 'M12 3l2.5 5.5L20 9l-4 4 1 6-5-3-5 3 1-6-4-4 5.5-.5z',
  },
  {
    key: 'transfer',
    title: msg`Transfer & Registration`,
    text: msg`We guide the transfer through escrow until the domain is registered in your name.`,
    icon: 'M4 8h13l-3-3 M20 16H7l3 3',
  },
  {
    key: 'research',
    title: msg`Market Research`,
    text: msg`Comparable sales, the owner's history and the name's traffic, gathered for you.`,
    icon: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14z M16 16l4 4',
  },
  {
    key: 'negotiation',
    title: msg`Contract Negotiation`,
    text: msg`A broker negotiates price and terms for you, without revealing who you are.`,
    icon: 'M4 12l4-4 4 4 4-4 4 4 M4 16h16',
  },
  {
    key: 'acquisition',
    title: msg`Acquisition`,
    text: msg`From the first contact to the signed agreement, we handle the purchase end to end.`,
    icon: 'M5 12l4 4 10-10',
  },
  {
    key: 'protection',
    title: msg`Brand Protection`,
    text: msg`We watch for look-alike names and help you secure the variants that matter to your brand.`,
    icon: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  },
];

export function Services() {
  const { i18n } = useLingui();
  return (
    <section className={styles.section} aria-labelledby="registrar-services">
      <div className={styles.container}>
        <h2 id="registrar-services" className={styles.h2}>
          <Trans>What our brokers do for you</Trans>
        </h2>
        <ul className={styles.tiles}>
          {SERVICES.map((tile) => (
            <li key={tile.key} className={styles.tile}>
              <svg className={styles.tileIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path
                  d={tile.icon}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <h3 className={styles.tileTitle}>{i18n._(tile.title)}</h3>
              <p className={styles.tileText}>{i18n._(tile.text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The three steps: fill in the form, we contact you, the domain is yours. */
export function Steps() {
  return (
    <section className={`${styles.section} ${styles.alt}`} aria-labelledby="registrar-steps">
      <div className={styles.container}>
        <h2 id="registrar-steps" className={styles.h2}>
          <Trans>How it works</Trans>
        </h2>
        <ol className={styles.steps}>
          <li className={styles.step}>
            <h3 className={styles.tileTitle}>
              <Trans>Fill in the form</Trans>
            </h3>
            <p className={styles.tileText}>
              <Trans>Tell us the domain you want and your budget. It takes a minute.</Trans>
            </p>
          </li>
          <li className={styles.step}>
            <h3 className={styles.tileTitle}>
              <Trans>We contact you</Trans>
            </h3>
            <p className={styles.tileText}>
              <Trans>A broker reviews the name and gets in touch within one to two business days.</Trans>
            </p>
          </li>
          <li className={styles.step}>
            <h3 className={styles.tileTitle}>
              <Trans>The domain is yours</Trans>
            </h3>
            <p className={styles.tileText}>
              <Trans>We negotiate, handle the escrow and transfer the domain into your name.</Trans>
            </p>
          </li>
        </ol>
      </div>
    </section>
  );
}
