import type { ErrorBody } from '@domain-broker/shared/errors';
import { msg } from '@lingui/core/macro';
import { i18n } from './i18n.ts';
import { notifyError } from './notify.ts';
import { openLoginWindow } from './open-login.ts';
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

/**
 * What a 401 does: the session is forgotten and, if there was one, the sign-in window asks for the
 * password again with the logged-out notice. Replaceable (tests).
 */
export const apiHooks = {
  onSessionEnded: (): void => {
    const hadSession = useSession.getState().token !== null;
    useSession.getState().clear();
    if (hadSession) openLoginWindow('loggedOut');
  },
};

/** The failure body every endpoint answers (checked here rather than imported, to keep the shell small). */
function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).message === 'string' &&
    typeof (value as ErrorBody).code === 'string'
  );
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `/api${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

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

/**
 * One call to the API (same origin, under /api): JSON in and out, the session's Bearer token, and the
 * generic handler for failures unless `handleErrors` is false. A plain fetch wrapper: the API needs no
 * more, and it keeps the first load small (docs/decisions/030-portal-first-load.md).
 */
export async function apiRequest<T = undefined>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiAnswer<T>> {
  const { method = 'GET', body, query, handleErrors = true } = options;
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const token = useSession.getState().token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let error: ApiError;
  try {
    const response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      // a 307 is the spec's "location not supported" answer: never follow it
      redirect: 'manual',
    });
    const payload = await readBody(response);
    if (response.ok) {
      const data = (payload ?? {}) as { message?: string; data?: T };
      return { status: response.status, message: data.message, data: data.data };
    }
    const status = response.type === 'opaqueredirect' ? 307 : response.status;
    error = new ApiError(status, payload, '');
  } catch {
    error = new ApiError(0, null, '');
  }
  if (handleErrors) handleApiError(error);
  throw error;
}
