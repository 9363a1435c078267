/**
 * Business constants (docs/product.md "Business constants and limits").
 * Prices, commissions and budget thresholds live in `pricing.ts`.
 */
import { SELLER_COMMISSION } from './pricing.ts';

export const MAX_DOMAINS_PER_CONSULTATION = 5;
export const EBOOK_DOWNLOAD_LIMIT = 2;
export const REFUND_IN_ERROR_DAYS = 7;

export const BUYER_TERM_DAYS = 120;
export const COMMISSION_TAIL_MONTHS = 6;
export const SELLER_TERMS = {
  termDays: 90,
  holdoverMonths: 3,
} as const;

/** Reasons a guest's appraisal answer carries (the portal shows as many while the list is collapsed). */
export const GUEST_REASON_COUNT = 5;
/**
 * The id a browser keeps for a guest (the portal and the widget frame store a random one), sent as
 * the `X-Device-Id` header: 16-64 letters, digits, `-` and `_`. The pattern string is the OpenAPI one.
 */
export const DEVICE_ID_PATTERN = '^[A-Za-z0-9_-]{16,64}$';
export const DEVICE_ID_RE = new RegExp(DEVICE_ID_PATTERN);
export const isDeviceId = (s: string | undefined | null): s is string =>
  typeof s === 'string' && DEVICE_ID_RE.test(s);
export const APPRAISAL_DATA_POINTS = 216;
/** Default daily appraisal limits; the server reads the live numbers from its configuration. */
export const DEFAULT_APPRAISAL_LIMITS = { guest: 1, user: 5, paid: 20 } as const;

export const PROMO_CODE_LENGTH = 6;
/** The promo Apply button needs more than this many characters. */
export const PROMO_APPLY_MIN_EXCLUSIVE = 4;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

export const INACTIVITY_LOGOUT_MS = 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
export const TOAST_DURATION_MS = 15_000;
export const WIDE_SCREEN_MIN_PX = 801;
export const SCROLL_TOP_THRESHOLD = 0.1;
export const SEARCH_DEBOUNCE_MS = 500;

/** Extensions the API accepts by default (docs/product.md "Validation rules"). */
export const DEFAULT_SUPPORTED_EXTENSIONS = ['com', 'net', 'org', 'xyz', 'co', 'io', 'ca'] as const;

export const MARKETING_STATS = {
  years: 20,
  transactions: '1,000+',
  salesUsdMillions: 500,
  averageSavingPercent: 37,
  transparencyPercent: 100,
  sellerCommissionPercent: SELLER_COMMISSION.percent,
  languages: ['English', 'Spanish', 'Mandarin'],
} as const;

export const ALLOWED_IMAGE_TYPES = ['jpg', 'jpeg', 'png'] as const;
export const COPYRIGHT_YEAR = 2022;

export const LOCALES = ['en', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
