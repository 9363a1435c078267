/**
 * The appraisal calls' client: ofetch (this feature loads lazily, outside the first load of `/`), the
 * session's Bearer token, the guest's `X-Device-Id` (ADR 010), and the shell's error handling.
 *
 * Failures become the shell's `ApiError`. `handle: 'shell'` hands every failure to the generic handler
 * (toast, 401 logout, 307/451 takeovers); `handle: 'page'` hands over only 401, 307 and 451, so the page
 * can show the other messages where they belong (the result area).
 */
import { ofetch } from 'ofetch';
import { ApiError, handleApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { deviceId } from '../stores/device-id.ts';

export type ErrorHandling = 'shell' | 'page';

export interface Answer<T> {
  status: number;
  message?: string;
  data?: T;
  headers: Headers;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT';
  body?: Record<string, unknown>;
  query?: Record<string, string | undefined>;
  handle?: ErrorHandling;
  responseType?: 'json' | 'blob';
}

/** Statuses the shell always owns: the session ended, location not supported, robot. */
const SHELL_STATUSES = new Set([401, 307, 451]);

export function reportFailure(error: ApiError, handle: ErrorHandling): void {
  if (handle === 'shell' || SHELL_STATUSES.has(error.status)) handleApiError(error);
}

function headers(): Record<string, string> {
  const h: Record<string, string> = { Accept: 'application/json', 'X-Device-Id': deviceId() };
  const token = useSession.getState().token;
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

export async function call<T>(path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const { method = 'GET', body, query, handle = 'shell', responseType = 'json' } = options;
  let error: ApiError;
  try {
    const response = await ofetch.raw(`/api${path}`, {
      method,
      body,
      query: query ? Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) : undefined,
      headers: headers(),
      responseType,
      redirect: 'manual',
      retry: 0,
      ignoreResponseError: true,
    });
    const payload = response._data as unknown;
    if (response.ok) {
      if (responseType === 'blob')
        return { status: response.status, data: payload as T, headers: response.headers };
      const json = (payload ?? {}) as { message?: string; data?: T };
      return { status: response.status, message: json.message, data: json.data, headers: response.headers };
    }
    const status = response.type === 'opaqueredirect' ? 307 : response.status;
    error = new ApiError(status, responseType === 'json' ? payload : await blobJson(payload), '');
  } catch (err) {
    error = err instanceof ApiError ? err : new ApiError(0, null, '');
  }
  reportFailure(error, handle);
  throw error;
}

/** An error body read as a blob (the certificate download) turned back into JSON. */
async function blobJson(payload: unknown): Promise<unknown> {
  if (!(payload instanceof Blob)) return payload;
  try {
    return JSON.parse(await payload.text()) as unknown;
  } catch {
    return null;
  }
}
