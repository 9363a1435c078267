/** GET /api/config: what the portal and the widget frame need to know about this deployment. */
import type { PublicConfig } from '@domain-broker/shared/api';
import { Hono } from 'hono';
import type { Config } from '../../config.ts';
import type { AppEnv } from '../../deps.ts';
import { describeRoute } from '../../lib/openapi.ts';
import { NoQuery, vQuery } from '../../lib/validate.ts';

const nullableString = { type: 'string', nullable: true };
const PublicConfigDoc = {
  type: 'object',
  required: [
    'googleClientId',
    'captchaSiteKey',
    'reviewWidgetUrl',
    'supportPhone',
    'supportEmail',
    'marketplaceLoginUrl',
    'marketingSiteUrl',
    'supportedExtensions',
    'environment',
    'mailOutbox',
    'upgradeRegistrarId',
    'upgradesUrl',
    'maintenance',
  ],
  properties: {
    googleClientId: nullableString,
    captchaSiteKey: nullableString,
    reviewWidgetUrl: nullableString,
    supportPhone: { type: 'string' },
    supportEmail: { type: 'string' },
    marketplaceLoginUrl: { type: 'string' },
    marketingSiteUrl: nullableString,
    supportedExtensions: { type: 'array', items: { type: 'string' } },
    environment: { type: 'string', enum: ['development', 'test', 'production'] },
    mailOutbox: { type: 'boolean', description: 'Mail stays in the development outbox (GET /dev/outbox).' },
    upgradeRegistrarId: nullableString,
    upgradesUrl: nullableString,
    maintenance: { type: 'boolean', description: 'The portal shows its maintenance notice.' },
  },
  additionalProperties: false,
};

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
  app.get(
    '/config',
    describeRoute({
      operationId: 'getConfig',
      summary: 'What the portal and the widget frame need to know about this deployment.',
      tags: ['config'],
      responses: {
        200: {
          description: 'Public configuration',
          data: PublicConfigDoc,
          headers: { 'Cache-Control': { description: 'public, max-age=60' } },
        },
      },
    }),
    vQuery(NoQuery),
    (c) => {
      c.header('Cache-Control', 'public, max-age=60');
      return c.json({ data: publicConfig(c.get('services').config) });
    },
  );
  return app;
}
