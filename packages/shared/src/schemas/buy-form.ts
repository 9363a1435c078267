/**
 * The domain + budget form of the buy flow (docs/product.md "Buy flow", "Validation rules";
 * decisions A13, A18, B2): one form for every entry point (Get Started, Buy, Hire a broker, the low
 * budget window's 'increase the budget'). The wire bodies are in leads.ts; this is what the form checks
 * before anything is sent.
 */
import * as v from 'valibot';
import { DEFAULT_SUPPORTED_EXTENSIONS } from '../constants.ts';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { offerAmountToCents } from '../pricing.ts';
import { extensionUnsupportedMessage } from './appraisal.ts';
import { domainField, TOO_LONG } from './common.ts';

/** The spec's domain messages: empty, then malformed. An unsupported extension names the supported ones. */
export const BUY_DOMAIN_EMPTY_MESSAGE = FIELD_MESSAGES.DOMAIN_REQUIRED;
export const BUY_DOMAIN_INVALID_MESSAGE = FIELD_MESSAGES.DOMAIN_NOT_VALID;
/** A budget that is not an amount (the enquiry's budget message). */
export const BUY_BUDGET_INVALID_MESSAGE = FIELD_MESSAGES.BUDGET_REQUIRED;

/**
 * The form's values: a supported domain, and a budget that may be empty (an empty budget is an
 * enquiry, A13). Output: the normalized domain, the budget as the wire's string ('' when none) and in cents.
 */
export const buyForm = (extensions: readonly string[] = DEFAULT_SUPPORTED_EXTENSIONS) =>
  v.object({
    domainName: domainField(
      BUY_DOMAIN_EMPTY_MESSAGE,
      BUY_DOMAIN_INVALID_MESSAGE,
      extensions,
      extensionUnsupportedMessage(extensions),
    ),
    offerAmount: v.pipe(
      v.string(BUY_BUDGET_INVALID_MESSAGE),
      v.trim(),
      // "2,000" and "$2000" are what people type: keep the digits and the decimal point
      v.transform((s) => s.replace(/^\$\s*/, '').replace(/,(?=\d{3}(\D|$))/g, '')),
      v.check((s) => s === '' || offerAmountToCents(s) !== undefined, BUY_BUDGET_INVALID_MESSAGE),
      v.check((s) => s === '' || (offerAmountToCents(s) ?? 0) <= 100_000_000_000, TOO_LONG),
    ),
  });
export const BuyForm = buyForm();
export type BuyFormInput = v.InferInput<typeof BuyForm>;
export type BuyFormOutput = v.InferOutput<typeof BuyForm>;
