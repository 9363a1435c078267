import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

/**
 * Fields never written to a log line, wherever they appear (two levels deep): passwords and their
 * hashes, session tokens and their hashes, one-time codes and links, Google credentials, the
 * Authorization header, and addresses (`email`, `to`). Request logs name the route, never the body.
 */
export const REDACTED_FIELDS = [
  'password',
  'confirmPassword',
  'oldPassword',
  'passwordHash',
  'password_hash',
  'hash',
  'token',
  'tokenHash',
  'token_hash',
  'OTP',
  'otp',
  'verificationCode',
  'codeHash',
  'code_hash',
  'credential',
  'secret',
  'link',
  'email',
  'to',
  'authorization',
  'cookie',
];

const paths = [
  ...REDACTED_FIELDS.flatMap((f) => [f, `*.${f}`]),
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
];

/**
 * Driver errors carry the statement's values: Drizzle's DrizzleQueryError has `params` and repeats
 * them in its message ("Failed query: … params: …"); PostgreSQL's `detail` and `where` quote row
 * values ("Failing row contains (…)", "Key (email)=(…)"). The serializer keeps the error's type,
 * SQLSTATE, constraint, table and stack position, and drops every value and the SQL text.
 */
const VALUE_FIELDS = ['params', 'parameters', 'query', 'detail', 'where', 'internalQuery', 'hint'];

export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 4) return err;
  const plain = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  const e = err as Error & { params?: unknown; query?: unknown };
  if (e.params !== undefined || typeof e.query === 'string') {
    const message = 'Failed query (statement and values withheld)';
    plain.message = message;
    if (typeof plain.stack === 'string') {
      const at = plain.stack.indexOf('\n    at ');
      plain.stack = `${err.name}: ${message}${at >= 0 ? plain.stack.slice(at) : ''}`;
    }
  }
  for (const f of VALUE_FIELDS) delete plain[f];
  if (err.cause !== undefined) plain.cause = serializeError(err.cause, depth + 1);
  return plain;
}

/** JSON logs. Secrets never reach a log line: fields are redacted by name, and errors lose their SQL values. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}
