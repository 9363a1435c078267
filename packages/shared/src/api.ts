/** Response envelopes shared by the server and its clients (docs/api.md "Conventions"). */

import type { InferOutput } from 'valibot';
import type { ErrorBody } from './errors.ts';
import type { LocationSchema } from './schemas/location.ts';
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

/** GET /api/location (schemas/location.ts). */
export type LocationData = InferOutput<typeof LocationSchema>;

/** Public configuration the portal needs at start (GET /api/config; schemas/public-config.ts). */
export type { PublicConfig } from './schemas/public-config.ts';

/** Status codes the spec gives a meaning to. */
export const STATUS = {
  PASSWORD_SENT: 201,
  ACCOUNT_EXISTS_OR_LOW_BUDGET: 203,
  VERIFICATION_REQUIRED: 207,
  LOCATION_NOT_SUPPORTED: 307,
  SESSION_ENDED: 401,
  ROBOT: 451,
} as const;
