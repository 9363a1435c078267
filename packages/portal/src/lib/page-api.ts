/**
 * The calls of a page that shows its own failures (`handle: 'page'`), over the one client
 * (`./api.ts`). Kept out of it so that the shell, which no such page is part of, does not carry them.
 */
import { apiRequest, type RequestOptions } from './api.ts';

/** A page's read whose answer must carry data; an answer without any is an error the page shows. */
export async function pageData<T>(path: string, query?: RequestOptions['query']): Promise<T> {
  const answer = await apiRequest<T>(path, { query, handle: 'page' });
  if (answer.data === undefined) throw new Error(`The answer of ${path} had no data`);
  return answer.data;
}

/** A page's read of a list: an empty list when the answer carries none. */
export async function pageList<T>(path: string, query?: RequestOptions['query']): Promise<T[]> {
  return (await apiRequest<T[]>(path, { query, handle: 'page' })).data ?? [];
}

/** What a write answers: the server's success text and the record it sent back, if any. */
export interface Written<T> {
  message: string | undefined;
  /** The success catalogue's code of `message` (lib/messages.ts translates by it). */
  code?: string | undefined;
  data: T;
}

type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A page's write: the server's message and the record it sent back (undefined when none). */
export async function pageWrite<T = undefined>(
  method: WriteMethod,
  path: string,
  body?: Record<string, unknown>,
): Promise<Written<T | undefined>> {
  const answer = await apiRequest<T>(path, { method, body, handle: 'page' });
  return { message: answer.message, code: answer.code, data: answer.data };
}

/** A page's write whose answer must carry the changed record; an answer without one is an error. */
export async function pageRecord<T>(
  method: WriteMethod,
  path: string,
  body?: Record<string, unknown>,
): Promise<Written<T>> {
  const { message, code, data } = await pageWrite<T>(method, path, body);
  if (data === undefined) throw new Error(`The answer of ${path} had no data`);
  return { message, code, data };
}
