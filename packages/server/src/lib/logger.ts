import { type Logger, pino } from 'pino';

export type { Logger };

/** JSON logs. Secrets never reach a log line: the redaction list is a second line of defence. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'password',
        '*.password',
        'confirmPassword',
        '*.confirmPassword',
        'oldPassword',
        'token',
        '*.token',
        'OTP',
        'verificationCode',
        'credential',
        'req.headers.authorization',
        'headers.authorization',
      ],
      censor: '[redacted]',
    },
  });
}
