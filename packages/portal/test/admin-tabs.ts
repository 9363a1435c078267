import { ADMIN_CREATED_USER_DETAIL, type UserDetail } from '@domain-broker/shared/roles';
import type { vi } from 'vitest';
import { useSession } from '../src/lib/session.ts';
import { jsonResponse } from './leads.ts';

/**
 * The admin tabs' fixtures: a signed-in admin or consultant with the privileges a test names, and a
 * mocked fetch that records every call (method, path, query, body) and answers through `handler`.
 */
export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | null;
}

export function signInStaff(roles: string[], privileges: Partial<UserDetail> = {}) {
  useSession.getState().signIn('tok', {
    UID: 'me',
    email: 'ada@admin.example',
    roles: roles.map((roleType) => ({ role: { UID: roleType, roleType } })),
    userDetail: { ...ADMIN_CREATED_USER_DETAIL, ...privileges },
  } as never);
}

export function mockServer(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>) {
  const calls: Call[] = [];
  let handler: (call: Call) => Response | undefined = () => undefined;
  fetchMock.mockImplementation(async (input, init) => {
    const req = input instanceof Request ? input : null;
    const url = new URL(String(req ? req.url : input), 'http://localhost');
    const method = (req?.method ?? init?.method ?? 'GET').toUpperCase();
    const raw = req ? await req.clone().text() : (init?.body as string | undefined);
    const call: Call = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: raw ? (JSON.parse(raw) as Record<string, unknown>) : null,
    };
    calls.push(call);
    return handler(call) ?? jsonResponse(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
  return {
    calls,
    writes: () => calls.filter((c) => c.method !== 'GET'),
    answer: (next: (call: Call) => Response | undefined) => {
      handler = next;
    },
  };
}
