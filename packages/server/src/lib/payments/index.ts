/** The configured payment provider: Stripe when a secret key is set, else the offline sandbox. */
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Clock } from '../clock.ts';
import { createSandboxProvider, type SandboxOptions } from './sandbox.ts';
import { createStripeProvider } from './stripe.ts';
import type { PaymentProvider } from './types.ts';

export type { CardDetails, SandboxPaymentProvider } from './sandbox.ts';
export * from './types.ts';

export function createPaymentProvider(
  config: Config,
  db: Db,
  now: Clock,
  onEvent?: SandboxOptions['onEvent'],
): PaymentProvider {
  const p = config.payments;
  if (p.provider === 'stripe' && p.stripeSecretKey)
    return createStripeProvider({
      secretKey: p.stripeSecretKey,
      webhookSecret: p.stripeWebhookSecret,
      apiUrl: p.stripeApiUrl,
      now,
    });
  return createSandboxProvider({ db, now, webhookSecret: p.stripeWebhookSecret, onEvent });
}

export function isSandbox(
  provider: PaymentProvider,
): provider is import('./sandbox.ts').SandboxPaymentProvider {
  return provider.name === 'sandbox';
}
