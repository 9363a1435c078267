/** GET /api/config: what the portal and the widget frame need to know about this deployment. */
import { type PublicConfig, PublicConfigSchema } from '@domain-broker/shared/schemas/public-config';
import { Hono } from 'hono';
import type { Config } from '#server/config.ts';
import type { AppEnv } from '#server/deps.ts';
import { describeRoute } from '#server/lib/openapi.ts';
import { NoQuery, vQuery } from '#server/lib/validate.ts';

/** What the card form needs; the provider in use is Stripe only when its secret key is set. */
function paymentsConfig(config: Config): PublicConfig['payments'] {
  const p = config.payments;
  if (p.provider === 'stripe' && p.stripeSecretKey)
    return {
      provider: 'stripe',
      publishableKey: p.stripePublishableKey ?? null,
      testMode: !p.stripeSecretKey.includes('_live_'),
    };
  return { provider: 'sandbox', publishableKey: null, testMode: true };
}

export function publicConfig(config: Config): PublicConfig {
  return {
    googleClientId: config.googleClientId ?? null,
    linkedinSignIn: config.linkedin !== undefined,
    captchaSiteKey: config.captcha.siteKey ?? null,
    reviewWidgetUrl: config.reviewWidgetUrl ?? null,
    supportPhone: config.supportPhone,
    supportEmail: config.supportEmail,
    sellNameservers: config.sellNameservers,
    sellOnboardingEmail: config.sellOnboardingEmail,
    marketplaceLoginUrl: config.marketplaceLoginUrl,
    marketingSiteUrl: config.marketingSiteUrl ?? null,
    supportedExtensions: config.supportedExtensions,
    environment: config.nodeEnv,
    mailOutbox: config.mailTransport === 'outbox',
    upgradeRegistrarId: config.upgradeRegistrarId ?? null,
    upgradesUrl: config.upgradesUrl ?? null,
    maintenance: config.maintenanceNotice,
    payments: paymentsConfig(config),
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
          data: PublicConfigSchema,
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
