/** Response envelopes shared by the server and its clients (docs/api.md "Conventions"). */
import type { ErrorBody } from './errors.ts';
import type { UserProfile } from './schemas/profile.ts';

export interface Success<T = undefined> {
  message?: string;
  data?: T;
}
export type Failure = ErrorBody;

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/** Login and email verification answer this. */
export interface SessionData {
  token: string;
  user: UserProfile;
}

/** 207 after sign-up or login of an unverified account: a code was mailed. */
export interface VerificationNeeded {
  email: string;
}

export interface LocationData {
  country_name: string;
  country_code: string;
}

/** Public configuration the portal needs at start (GET /api/config). */
export interface PublicConfig {
  googleClientId: string | null;
  /** Sign in with LinkedIn is configured. */
  linkedinSignIn: boolean;
  captchaSiteKey: string | null;
  reviewWidgetUrl: string | null;
  supportPhone: string;
  supportEmail: string;
  /** The two nameservers of the sell thank-you page, and where sellers write for onboarding. */
  sellNameservers: string[];
  sellOnboardingEmail: string;
  marketplaceLoginUrl: string;
  marketingSiteUrl: string | null;
  supportedExtensions: string[];
  environment: 'development' | 'test' | 'production';
  /** True when mail stays in the development outbox (GET /api/dev/outbox). */
  mailOutbox: boolean;
  /** Visitors arriving with this registrar id go straight to upgradesUrl (docs/product.md "Start-up"). */
  upgradeRegistrarId: string | null;
  upgradesUrl: string | null;
  /** Staff are changing things: the portal shows its maintenance notice once per visit. */
  maintenance: boolean;
  /** The card form: Stripe Elements with `publishableKey`, or the sandbox's own fields (TEST MODE). */
  payments: { provider: 'stripe' | 'sandbox'; publishableKey: string | null; testMode: boolean };
}

/** Status codes the spec gives a meaning to. */
export const STATUS = {
  PASSWORD_SENT: 201,
  ACCOUNT_EXISTS_OR_LOW_BUDGET: 203,
  VERIFICATION_REQUIRED: 207,
  LOCATION_NOT_SUPPORTED: 307,
  SESSION_ENDED: 401,
  ROBOT: 451,
} as const;
