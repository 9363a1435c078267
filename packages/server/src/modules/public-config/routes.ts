/** GET /api/config: what the portal and the widget frame need to know about this deployment. */
import type { PublicConfig } from '@domain-broker/shared/api';
import { Hono } from 'hono';
import type { Config } from '../../config.ts';
import type { AppEnv } from '../../deps.ts';
import { NoQuery, readQuery } from '../../lib/validate.ts';

export function publicConfig(config: Config): PublicConfig {
  return {
    googleClientId: config.googleClientId ?? null,
    captchaSiteKey: config.captcha.siteKey ?? null,
    reviewWidgetUrl: config.reviewWidgetUrl ?? null,
    supportPhone: config.supportPhone,
    supportEmail: config.supportEmail,
    marketplaceLoginUrl: config.marketplaceLoginUrl,
    marketingSiteUrl: config.marketingSiteUrl ?? null,
    supportedExtensions: config.supportedExtensions,
    environment: config.nodeEnv,
    mailOutbox: config.mailTransport === 'outbox',
    upgradeRegistrarId: config.upgradeRegistrarId ?? null,
    upgradesUrl: config.upgradesUrl ?? null,
    maintenance: config.maintenanceNotice,
  };
}

export function publicConfigRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/config', (c) => {
    readQuery(c, NoQuery);
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({ data: publicConfig(c.get('services').config) });
  });
  return app;
}
