import { expect } from 'vitest';
import { baseURL } from './env.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Every message the development outbox holds for `email`, newest first. */
export async function listOutbox(email: string): Promise<Mail[]> {
  const res = await fetch(`${baseURL()}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`GET /api/dev/outbox answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { data: Mail[] };
  return body.data;
}

export interface ReadOutboxOptions {
  /** Only messages created at or after this instant (ms since epoch; take Date.now() before the action). */
  since?: number;
  /** Only messages whose subject matches. */
  subject?: RegExp;
  /** Bounded wait (default 20 s). */
  timeout?: number;
}

/**
 * Waits (bounded, polling) until the outbox holds a message for `email` matching the options and returns
 * the newest one. Fails with the outbox contents when none arrives in time.
 */
export async function readOutbox(email: string, options: ReadOutboxOptions = {}): Promise<Mail> {
  const matches = (m: Mail) =>
    (options.since === undefined || Date.parse(m.createdAt) >= options.since) &&
    (options.subject === undefined || options.subject.test(m.subject));
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await listOutbox(email)).find(matches);
        return found !== undefined;
      },
      {
        timeout: options.timeout ?? 20_000,
        interval: 250,
        message: `no mail for ${email}${options.subject ? ` with subject ${options.subject}` : ''} in the outbox`,
      },
    )
    .toBe(true);
  return found as Mail;
}

/** The 6-digit code of a verification or reset mail. */
export function codeFrom(mail: Mail): string {
  const match = /\b(\d{6})\b/.exec(mail.text) ?? /\b(\d{6})\b/.exec(mail.html);
  if (!match?.[1]) throw new Error(`no 6-digit code in mail "${mail.subject}":\n${mail.text}`);
  return match[1];
}
