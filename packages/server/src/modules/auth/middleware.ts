import { AppError } from '@domain-broker/shared/errors';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../lib/http.ts';
import { authenticate } from './sessions.ts';

/** Requires `Authorization: Bearer <token>` naming a live session; 401 otherwise (the client logs out). */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization');
  const parts = header?.trim().split(/\s+/) ?? [];
  if (parts.length !== 2 || parts[0]?.toLowerCase() !== 'bearer' || !parts[1])
    throw new AppError('AUTH_MISSING');
  const s = c.get('services');
  const auth = await authenticate(s.db, parts[1], s.now(), s.config.session);
  if (!auth) throw new AppError('TOKEN_INVALID');
  c.set('auth', auth);
  await next();
});
