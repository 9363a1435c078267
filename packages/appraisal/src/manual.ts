import { formatUsd, listPriceInfo, roundQuote } from './quote.ts';
import type { AppraisalResult } from './types.ts';

/** The first reason of an answer whose value a person set. */
export const MANUAL_REASON = 'A Domain Broker appraiser reviewed this name and set its market value.';

/**
 * A broker's value replaces the engine's market value; every other figure moves with it so the
 * answer stays consistent: list price and wholesale keep the engine's ratios to the market value,
 * the range narrows to ±20 % (a person looked at it) and the confidence is high.
 */
export function applyManualValue(r: AppraisalResult, manualValue: number): AppraisalResult {
  const k = manualValue / r.appraised_value;
  const list = Math.max(manualValue, roundQuote(r.saw_appraised_value * k));
  const range = { low: Math.max(1, Math.round(manualValue * 0.8)), high: Math.round(manualValue * 1.2) };
  return {
    ...r,
    appraised_value: manualValue,
    saw_appraised_value: list,
    saw_appraised_value_formatted: formatUsd(list),
    appraisalTypes: r.appraisalTypes.map((t) =>
      t.type === 'Market'
        ? { ...t, value: manualValue }
        : t.type === 'List'
          ? { ...t, value: list, info: listPriceInfo(list, range) }
          : { ...t, value: Math.max(1, Math.min(manualValue, roundQuote(t.value * k))) },
    ),
    description: [MANUAL_REASON, ...r.description],
    manualReviewRequire: false,
    range,
    confidence: 'high',
  };
}
