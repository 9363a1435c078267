import { isDeviceId } from '@domain-broker/shared/constants';
import { AppError } from '@domain-broker/shared/errors';
import { UNKNOWN_FIELD } from '@domain-broker/shared/schemas/common';
import { isDomainSyntax, normalizeDomainInput } from '@domain-broker/shared/validators';
import { isRegistrarId, REGISTRAR_ID_MAX_LENGTH } from '@domain-broker/shared/widget-contract';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../deps.ts';
import { clientIp } from '../../lib/client-ip.ts';
import { NoQuery, readBody, readQuery } from '../../lib/validate.ts';
import { requireAuth, requireStaff } from '../auth/middleware.ts';
import { getPublicRegistrar, getWidgetRegistrar, listRegistrars, recordClick } from './service.ts';

const RegistrarId = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Registrar UID is missing'),
  v.maxLength(REGISTRAR_ID_MAX_LENGTH, 'Registrar UID is not found'),
);

const ClickQuery = v.strictObject({ dn: v.optional(v.string()) }, UNKNOWN_FIELD);
export const UpdateClicksBody = v.strictObject(
  {
    domainName: v.optional(
      v.pipe(v.string(), v.maxLength(253, 'The domain name you looking for is not a valid one.')),
    ),
    offerAmount: v.optional(
      v.pipe(
        v.union(
          [v.number(), v.pipe(v.string(), v.trim(), v.decimal('Invalid entry.'), v.transform(Number))],
          'Invalid entry.',
        ),
        v.minValue(0, 'Invalid entry.'),
      ),
    ),
  },
  UNKNOWN_FIELD,
);

function registrarIdParam(raw: string | undefined): string {
  const r = v.safeParse(RegistrarId, raw ?? '');
  if (!r.success) throw new AppError('REGISTRAR_UID_MISSING');
  // No registrar can have an id outside the widget contract's pattern.
  if (!isRegistrarId(r.output)) throw new AppError('REGISTRAR_NOT_FOUND');
  return r.output;
}

export function registrarRoutes() {
  const app = new Hono<AppEnv>();

  /** Name and logo the portal shows on the registrar's landing page. */
  app.get('/registrars/:registrarId', async (c) => {
    readQuery(c, NoQuery);
    const registrar = await getPublicRegistrar(
      c.get('services').db,
      registrarIdParam(c.req.param('registrarId')),
    );
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ data: registrar });
  });

  /** The widget frame's check: may it render for the page that embeds it? */
  app.get('/widget/registrars/:registrarId', async (c) => {
    readQuery(c, NoQuery);
    const registrar = await getWidgetRegistrar(
      c.get('services').db,
      registrarIdParam(c.req.param('registrarId')),
    );
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({ data: registrar });
  });

  /** Staff pick a registrar in the admin workspace. */
  app.get('/getRegistrarList', requireAuth, requireStaff, async (c) => {
    readQuery(c, NoQuery);
    return c.json({ data: await listRegistrars(c.get('services').db) });
  });

  /**
   * One click per visitor, registrar, domain and day. 203 tells the portal the visitor's budget is too
   * low for a held domain (it then offers alternatives), as the spec's click call expects.
   */
  app.post('/updateClicks/:registrarId', async (c) => {
    const s = c.get('services');
    const registrarUid = registrarIdParam(c.req.param('registrarId'));
    const query = readQuery(c, ClickQuery);
    const body = await readBody(c, UpdateClicksBody);
    const domainName = normalizeDomainInput(body.domainName ?? query.dn ?? '');
    if (!domainName || !isDomainSyntax(domainName)) throw new AppError('DOMAIN_INVALID');
    const device = c.req.header('x-device-id');
    const visitor = isDeviceId(device)
      ? `device:${device}`
      : `ip:${clientIp(c, s.config.trustProxy)}|${(c.req.header('user-agent') ?? '').slice(0, 200)}`;
    const result = await recordClick(s.db, {
      registrarUid,
      domainName,
      visitor,
      now: s.now(),
      offerAmount: body.offerAmount,
    });
    if (result.lowBudget) {
      return c.json(
        {
          message: 'Your budget is below what owners of registered domains usually accept.',
          data: result,
        },
        203,
      );
    }
    return c.json({ data: result });
  });

  return app;
}
