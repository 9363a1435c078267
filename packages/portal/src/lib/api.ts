import { type ErrorBody, isErrorBody } from '@domain-broker/shared/errors';
import { msg } from '@lingui/core/macro';
import { FetchError, ofetch } from 'ofetch';
import { i18n } from './i18n.ts';
import { notifyError } from './notify.ts';
import { closeOverlay, useOverlays } from './overlays.ts';
import { useSession } from './session.ts';

/** A successful answer with its status: 201, 203 and 207 carry meaning (spec §4). */
export interface ApiAnswer<T> {
  status: number;
  message?: string;
  data?: T;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly errors: ErrorBody['errors'];

  constructor(status: number, body: unknown, fallback: string) {
    super(isErrorBody(body) ? body.message : fallback);
    this.name = 'ApiError';
    this.status = status;
    this.code = isErrorBody(body) ? body.code : null;
    this.errors = isErrorBody(body) ? body.errors : undefined;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: Record<string, unknown>;
  query?: Record<string, string | number | undefined>;
  /** false: the caller handles every failure itself (no toast, no logout). */
  handleErrors?: boolean;
}

/** Hooks the shell installs: what "log out" means, so this module does not import the router. */
export const apiHooks = {
  onSessionEnded: (): void => {
    useSession.getState().clear();
  },
};

const client = ofetch.create({
  baseURL: '/api',
  retry: 0,
  onRequest({ options }) {
    const token = useSession.getState().token;
    if (token) {
      const headers = new Headers(options.headers);
      headers.set('Authorization', `Bearer ${token}`);
      options.headers = headers;
    }
  },
});

/** Translated texts for the server messages a visitor meets most, by error code; others show as sent. */
const KNOWN_ERRORS: Record<string, ReturnType<typeof msg>> = {
  INVALID_CREDENTIALS: msg`Invalid user credentials`,
  EMAIL_NOT_REGISTERED: msg`Email is not registered.`,
  OTP_EXPIRED: msg`OTP Expired!`,
  OTP_INVALID: msg`The code is not correct, please check it and try again.`,
  SAME_PASSWORD: msg`Old and new password cannot be the same.`,
  CURRENT_PASSWORD_WRONG: msg`Current password is not correct.`,
  RATE_LIMITED: msg`Too many attempts, please wait a few minutes and try again.`,
  ACCOUNT_ALREADY_REGISTERED: msg`This account is already registered… Please login.`,
  EMAIL_ALREADY_VERIFIED: msg`Email is already verified, please login.`,
  INTERNAL: msg`Something went wrong!`,
};

export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const known = error.code ? KNOWN_ERRORS[error.code] : undefined;
    if (known) return i18n._(known);
    if (error.message) return error.message;
  }
  return i18n._(msg`Something went wrong`);
}

/**
 * The generic handler (spec §8): 401 ends the session, 307 shows the blocked-country page, 451 the
 * robot page; anything else shows the server's message (or 'Something went wrong') and stops the page
 * loader.
 */
export function handleApiError(error: ApiError): void {
  const overlays = useOverlays.getState();
  if (error.status === 401) {
    apiHooks.onSessionEnded();
  } else if (error.status === 307) {
    overlays.setTakeover('blockedCountry');
  } else if (error.status === 451) {
    overlays.setTakeover('robot');
  } else {
    notifyError(errorText(error));
  }
  closeOverlay('pageLoader');
}

export async function apiRequest<T = undefined>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiAnswer<T>> {
  const { method = 'GET', body, query, handleErrors = true } = options;
  try {
    const response = await client.raw<{ message?: string; data?: T }>(path, {
      method,
      body,
      query,
      // a 307 without a Location is the spec's "location not supported" answer; never follow one
      redirect: 'manual',
    });
    // ofetch only throws for 4xx/5xx: a 307 comes back as an answer (or as an opaque redirect)
    if (response.status === 307 || response.type === 'opaqueredirect')
      throw new ApiError(307, response._data, '');
    const payload = response._data ?? {};
    return { status: response.status, message: payload.message, data: payload.data };
  } catch (cause) {
    const error =
      cause instanceof ApiError
        ? cause
        : cause instanceof FetchError
          ? new ApiError(cause.response?.status ?? 0, cause.data, '')
          : new ApiError(0, null, '');
    if (handleErrors) handleApiError(error);
    throw error;
  }
}
