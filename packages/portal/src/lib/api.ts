import type { ErrorBody } from '@domain-broker/shared/errors';
import { msg } from '@lingui/core/macro';
import type { $Fetch } from 'ofetch';
import { deviceId } from './device-id.ts';
import { i18n } from './i18n.ts';
import { notifyError } from './notify.ts';
import { openLoginWindow } from './open-login.ts';
import { closeOverlay, useOverlays } from './overlays.ts';
import { useSession } from './session.ts';

/**
 * A successful answer with its status: 201, 203 and 207 carry meaning
 * (docs/product.md "Sign-up and sign-in answers").
 */
export interface ApiAnswer<T> {
  status: number;
  message?: string;
  /** The success catalogue's code of `message` (packages/shared/src/success.ts): lib/messages.ts translates by it. */
  code?: string;
  data?: T;
  headers: Headers;
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

/**
 * Who reports a failure:
 * - `shell` (the default): the generic handler (a toast; 401, 307 and 451 as below);
 * - `page`: the shell keeps 401, 307 and 451; the page shows every other message where it belongs;
 * - `none`: the caller handles every failure itself (no toast, no logout).
 */
export type ErrorHandling = 'shell' | 'page' | 'none';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** JSON, or a `FormData` sent as multipart (the image upload, `lib/upload-image.ts`). */
  body?: Record<string, unknown> | FormData;
  query?: Record<string, string | number | undefined>;
  handle?: ErrorHandling;
  /** `blob` for files (the certificate PDF); failures are still read as JSON. */
  responseType?: 'json' | 'blob';
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
  LAST_ADMIN: msg`This is the last admin: make another user an admin first.`,
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
 * The generic handler (docs/product.md "Messages and errors"): 401 ends the session, 307 shows the
 * blocked-country page, 451 the robot page; anything else shows the server's message (or 'Something went
 * wrong') and stops the page loader.
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

/** Statuses the shell always owns: the session ended, location not supported, robot. */
const SHELL_STATUSES = new Set([401, 307, 451]);

export function reportFailure(error: ApiError, handle: ErrorHandling): void {
  if (handle === 'shell' || (handle === 'page' && SHELL_STATUSES.has(error.status))) handleApiError(error);
}

/**
 * The one HTTP client (ofetch): same origin under /api, JSON in and out, a timeout, the session's
 * Bearer token and the guest's `X-Device-Id` (ADR 010) on every call, and a 307 kept as an answer
 * rather than followed. Reads (GET) are retried twice on a network failure or a 408/5xx; writes never
 * are. 401, 307 and 451 are handled in `handleApiError`. ofetch is downloaded with the first call
 * (start-up makes one at once) rather than with the first paint (docs/decisions/030-portal-first-load.md).
 */
let client: Promise<$Fetch> | null = null;
export function http(): Promise<$Fetch> {
  client ??= import('ofetch').then(({ ofetch }) =>
    ofetch.create({
      baseURL: '/api',
      timeout: 30_000,
      retryDelay: 300,
      retryStatusCodes: [408, 500, 502, 503, 504],
      // a 307 is the spec's "location not supported" answer: never follow it
      redirect: 'manual',
      onRequest({ options }) {
        const token = useSession.getState().token;
        if (token) options.headers.set('Authorization', `Bearer ${token}`);
        options.headers.set('X-Device-Id', deviceId());
        if (!options.headers.has('accept')) options.headers.set('Accept', 'application/json');
      },
    }),
  );
  return client;
}

/** An error body read as a blob (the certificate download) turned back into JSON. */
async function jsonOf(payload: unknown): Promise<unknown> {
  if (!(payload instanceof Blob)) return payload;
  try {
    return JSON.parse(await payload.text()) as unknown;
  } catch {
    return null;
  }
}

/** One call to the API: the answer with its status, or an `ApiError` reported as `handle` says. */
export async function apiRequest<T = undefined>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiAnswer<T>> {
  const { method = 'GET', body, query, handle = 'shell', responseType = 'json' } = options;
  let error: ApiError;
  try {
    const response = await (await http()).raw(path, {
      method,
      body,
      query: query ? Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) : undefined,
      responseType,
      retry: method === 'GET' ? 2 : 0,
    });
    if (response.type === 'opaqueredirect' || !response.ok) {
      // a followed-redirect answer is opaque: it can only be the 307
      const status = response.type === 'opaqueredirect' ? 307 : response.status;
      error = new ApiError(status, await jsonOf(response._data), '');
    } else {
      const payload = response._data as unknown;
      if (responseType === 'blob')
        return { status: response.status, data: payload as T, headers: response.headers };
      const json = (payload ?? {}) as { message?: string; code?: string; data?: T };
      return {
        status: response.status,
        message: json.message,
        code: json.code,
        data: json.data,
        headers: response.headers,
      };
    }
  } catch (err) {
    // ofetch's FetchError carries the answer of a 4xx/5xx; anything else (offline, timeout) has none
    const failed = err as { response?: Response; data?: unknown };
    error = failed.response
      ? new ApiError(failed.response.status, await jsonOf(failed.data), '')
      : new ApiError(0, null, '');
  }
  reportFailure(error, handle);
  throw error;
}
