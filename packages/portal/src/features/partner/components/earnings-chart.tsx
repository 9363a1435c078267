import type { RegistrarChartPoint } from '@domain-broker/shared/schemas/registrar-ledger';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartColumns, money } from '../utils/rules.ts';
import styles from './partner.module.css';

const HEIGHT = 240;

/** A design token's value, for the canvas (which cannot read CSS custom properties itself). */
function token(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/**
 * Clicks, paid leads and earnings per day over the selected period (docs/product.md "Registrar affiliate dashboard"), drawn by uPlot
 * on a canvas. This module (and uPlot with it) downloads only when the affiliate dashboard draws it
 * (partner-page.tsx imports it lazily). The canvas is hidden from assistive technology: the legend and
 * the totals beside it say the same in text, and the table below holds every figure.
 */
export default function EarningsChart({ points }: { points: readonly RegistrarChartPoint[] }) {
  const { t, i18n } = useLingui();
  const frame = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const colors = useMemo(
    () => ({
      clicks: token('--color-brand', '#1f6feb'),
      leads: token('--color-success', '#1a7f37'),
      earnings: token('--color-warning', '#9a6700'),
    }),
    [],
  );

  useEffect(() => {
    const target = frame.current;
    if (!target || points.length === 0) return;
    const ink = token('--color-ink-muted', '#57606a');
    const grid = token('--color-border', '#d0d7de');
    const locale = i18n.locale;
    const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const plot = new uPlot(
      {
        width: Math.max(240, target.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, count: { auto: true }, usd: { auto: true } },
        series: [
          {},
          { label: t`Clicks`, scale: 'count', stroke: colors.clicks, width: 2 },
          { label: t`Paid leads`, scale: 'count', stroke: colors.leads, width: 2 },
          {
            label: t`Earnings`,
            scale: 'usd',
            stroke: colors.earnings,
            width: 2,
            dash: [6, 4],
          },
        ],
        axes: [
          { ...axis },
          { ...axis, scale: 'count' },
          {
            ...axis,
            scale: 'usd',
            side: 1,
            grid: { show: false },
            values: (_u, ticks) => ticks.map((v) => money(v, locale)),
            size: 80,
          },
        ],
      },
      chartColumns(points),
      target,
    );
    plot.root.setAttribute('aria-hidden', 'true');
    const resize = new ResizeObserver(() => {
      const width = Math.max(240, target.clientWidth);
      if (width !== plot.width) plot.setSize({ width, height: HEIGHT });
    });
    resize.observe(target);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [points, t, i18n.locale, colors]);

  const clicks = points.reduce((n, p) => n + p.clicks, 0);
  const leads = points.reduce((n, p) => n + p.paidLeads, 0);
  const earned = points.reduce((n, p) => n + Math.round(Number(p.earnings) * 100), 0) / 100;
  return (
    <figure className={styles.chart} aria-labelledby={titleId}>
      <figcaption id={titleId} className={styles.subtitle}>
        <Trans>Clicks, Paid Leads and Earnings</Trans>
      </figcaption>
      {points.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No activity in this period yet.</Trans>
        </p>
      ) : (
        <>
          <ul className={styles.legend}>
            <li>
              <span className={styles.swatch} style={{ background: colors.clicks }} aria-hidden="true" />
              <Trans>Clicks: {clicks}</Trans>
            </li>
            <li>
              <span className={styles.swatch} style={{ background: colors.leads }} aria-hidden="true" />
              <Trans>Paid leads: {leads}</Trans>
            </li>
            <li>
              <span
                className={`${styles.swatch} ${styles.dashed}`}
                style={{ borderColor: colors.earnings }}
                aria-hidden="true"
              />
              <Trans>Earnings: {money(earned, i18n.locale)}</Trans>
            </li>
          </ul>
          <div ref={frame} className={styles.plot} data-testid="earnings-chart" />
        </>
      )}
    </figure>
  );
}
