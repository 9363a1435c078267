import { SUCCESS } from '@domain-broker/shared/errors';
import {
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  OneTapLoginBody,
  ResetPasswordBody,
  SendVerificationCodeBody,
  SignUpWithDomainBody,
  SignupBody,
  SocialLoginBody,
  VerifyEmailByCodeBody,
} from '@domain-broker/shared/schemas/auth';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../deps.ts';
import { clientIp } from '../../lib/client-ip.ts';
import { NoQuery, readBody, readQuery } from '../../lib/validate.ts';
import { requireAuth } from './middleware.ts';
import { createAuthService, type Outcome } from './service.ts';
import { revokeSession } from './sessions.ts';

const send = (c: Context<AppEnv>, o: Outcome) =>
  c.json(
    { ...(o.message ? { message: o.message } : {}), ...(o.data !== undefined ? { data: o.data } : {}) },
    o.status,
  );

export function authRoutes() {
  const app = new Hono<AppEnv>();
  const service = (c: Context<AppEnv>) => {
    const s = c.get('services');
    return createAuthService(s, () => clientIp(c, s.config.trustProxy));
  };

  app.post('/signup', async (c) => send(c, await service(c).signup(await readBody(c, SignupBody))));
  app.post('/signUpWithDomain', async (c) =>
    send(c, await service(c).signUpWithDomain(await readBody(c, SignUpWithDomainBody))),
  );
  app.post('/login', async (c) => send(c, await service(c).login(await readBody(c, LoginBody))));
  app.post('/sendVerificationCode', async (c) =>
    send(c, await service(c).sendVerificationCode(await readBody(c, SendVerificationCodeBody))),
  );
  app.patch('/verifyEmailByCode', async (c) =>
    send(c, await service(c).verifyEmailByCode(await readBody(c, VerifyEmailByCodeBody))),
  );
  app.patch('/forgotPassword', async (c) =>
    send(c, await service(c).forgotPassword(await readBody(c, ForgotPasswordBody))),
  );
  app.patch('/resetPassword', async (c) =>
    send(c, await service(c).resetPassword(await readBody(c, ResetPasswordBody))),
  );
  app.patch('/changePassword', requireAuth, async (c) =>
    send(c, await service(c).changePassword(c.get('auth').user.UID, await readBody(c, ChangePasswordBody))),
  );
  app.get('/logout', requireAuth, async (c) => {
    readQuery(c, NoQuery);
    const s = c.get('services');
    await revokeSession(s.db, c.get('auth').tokenHash, s.now());
    return c.json({ message: SUCCESS.LOGGED_OUT });
  });
  app.post('/socialLogin', async (c) => {
    const svc = service(c);
    return send(
      c,
      await svc.google(c.get('services').google, await readBody(c, SocialLoginBody), 'socialLogin'),
    );
  });
  app.post('/oneTabLogin', async (c) => {
    const svc = service(c);
    return send(
      c,
      await svc.google(c.get('services').google, await readBody(c, OneTapLoginBody), 'oneTabLogin'),
    );
  });
  return app;
}
