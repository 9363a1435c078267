import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import styles from './Stats.module.css';
import ui from './ui.module.css';
import { prefersReducedMotion, useInView } from './use-in-view.ts';

/** Length of the count-up animation (docs/product.md "Business constants and limits"). */
export const COUNT_UP_MS = 2000;

type StatKind = 'plain' | 'plus' | 'usdMillions' | 'percent';

interface Stat {
  key: string;
  target: number;
  kind: StatKind;
  label: ReactNode;
}

function formatStat(locale: string, kind: StatKind, value: number): string {
  switch (kind) {
    case 'plus':
      return `${new Intl.NumberFormat(locale).format(value)}+`;
    case 'usdMillions':
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'USD',
        notation: 'compact',
        maximumFractionDigits: 0,
      }).format(value * 1_000_000);
    case 'percent':
      return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
        value / 100,
      );
    default:
      return new Intl.NumberFormat(locale).format(value);
  }
}

/** Counts from 0 to `target` over COUNT_UP_MS once `start` is true; jumps to the end with reduced motion. */
function useCountUp(target: number, start: boolean): number {
  const [value, setValue] = useState(() => (prefersReducedMotion() ? target : 0));

  useEffect(() => {
    if (!start) return;
    if (prefersReducedMotion() || typeof requestAnimationFrame === 'undefined') {
      setValue(target);
      return;
    }
    let frame = 0;
    let startedAt: number | null = null;
    const step = (now: number) => {
      if (startedAt === null) startedAt = now;
      const progress = Math.min(1, (now - startedAt) / COUNT_UP_MS);
      const eased = 1 - (1 - progress) ** 3; // ease-out: fast start, gentle landing
      setValue(Math.round(target * eased));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, start]);

  return value;
}

function StatItem({ stat, start, locale }: { stat: Stat; start: boolean; locale: string }) {
  const current = useCountUp(stat.target, start);
  return (
    <li className={styles.item}>
      {/* The animated figure is decorative; assistive technology reads the final figure once. */}
      <span className={styles.value} aria-hidden="true">
        {formatStat(locale, stat.kind, current)}
      </span>
      <span className={ui.visuallyHidden}>{formatStat(locale, stat.kind, stat.target)}</span>
      <span className={styles.label}>{stat.label}</span>
    </li>
  );
}

/** The marketing statistics of the spec, with a two-second count-up when they scroll into view. */
export function Stats({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, i18n } = useLingui();
  const ref = useRef<HTMLUListElement>(null);
  const inView = useInView(ref);
  const stats: Stat[] = [
    { key: 'years', target: 20, kind: 'plain', label: t`Years of brokerage experience` },
    { key: 'transactions', target: 1000, kind: 'plus', label: t`Transactions completed` },
    { key: 'sales', target: 500, kind: 'usdMillions', label: t`In domain sales` },
    { key: 'saving', target: 37, kind: 'percent', label: t`Average saving on the list price` },
    { key: 'transparency', target: 100, kind: 'percent', label: t`Transparency, every step` },
  ];
  const locale = i18n.locale || 'en';
  return (
    <ul ref={ref} className={`${styles.list} ${tone === 'dark' ? styles.dark : ''}`}>
      {stats.map((stat) => (
        <StatItem key={stat.key} stat={stat} start={inView} locale={locale} />
      ))}
    </ul>
  );
}
