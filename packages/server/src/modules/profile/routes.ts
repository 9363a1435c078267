import { AppError, SUCCESS } from '@domain-broker/shared/errors';
import { UpdateProfileBody } from '@domain-broker/shared/schemas/profile';
import { normalizePhone } from '@domain-broker/shared/validators';
import { Hono } from 'hono';
import type { AppEnv } from '../../deps.ts';
import { NoQuery, readBody, readQuery } from '../../lib/validate.ts';
import { requireAuth } from '../auth/middleware.ts';
import { updateProfile } from './service.ts';

export function profileRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/myProfile', requireAuth, (c) => {
    readQuery(c, NoQuery);
    return c.json({ data: c.get('auth').user });
  });
  app.patch('/myProfile', requireAuth, async (c) => {
    const body = await readBody(c, UpdateProfileBody);
    const s = c.get('services');
    const patch = { ...body, ...(body.phone ? { phone: normalizePhone(body.phone) ?? body.phone } : {}) };
    const user = await updateProfile(s.db, c.get('auth').user.UID, patch, s.now());
    if (!user) throw new AppError('USER_NOT_FOUND');
    return c.json({ message: SUCCESS.PROFILE_UPDATED, data: user });
  });
  return app;
}
