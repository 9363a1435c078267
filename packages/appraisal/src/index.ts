export { appraise, MANUAL_REVIEW_THRESHOLD_USD } from './appraise.ts';
export {
  InvalidDomainError,
  isDomainSyntax,
  normaliseDomain,
  type ParsedDomain,
  parseDomain,
} from './domain.ts';
export { CATEGORIES, type CategoryDef } from './lexicon.ts';
export { applyManualValue, MANUAL_REASON } from './manual.ts';
export { formatUsd, listPriceInfo, roundQuote } from './quote.ts';
export { segmentWords } from './segment.ts';
export type { AppraisalContext, AppraisalResult, AppraisalType, Confidence } from './types.ts';
