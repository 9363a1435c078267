import { Trans, useLingui } from '@lingui/react/macro';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useId, useRef, useState } from 'react';
import { FormError, formStyles } from '#portal/components/form.tsx';
import { CardProblem, type CardProvider } from '../utils/pay-flow.ts';
import styles from './checkout.module.css';

let stripeLoad: Promise<Stripe | null> | null = null;
/**
 * Stripe.js from js.stripe.com, downloaded only on this page and only in Stripe mode: the library's
 * `pure` entry adds the script when asked, never on import (ADR 032: loaded only on /hire-consultant).
 */
function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  stripeLoad ??= import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(publishableKey));
  return stripeLoad;
}

/**
 * The card in Stripe mode: one Stripe Elements card field (number, expiry and CVC in Stripe's frame),
 * its complaints under it. `onProvider` receives the two card steps once the field is ready.
 */
export function StripeCard({
  publishableKey,
  nameOnCard,
  error,
  onProvider,
}: {
  publishableKey: string;
  /** The name as typed, read when the PaymentMethod is made. */
  nameOnCard: () => string;
  error: string | null;
  onProvider: (provider: CardProvider | null) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const host = useRef<HTMLDivElement>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const nameRef = useRef(nameOnCard);
  nameRef.current = nameOnCard;
  const onProviderRef = useRef(onProvider);
  onProviderRef.current = onProvider;

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let live = true;
    loadStripeOnce(publishableKey)
      .then((stripe) => {
        if (!live || !host.current) return;
        if (!stripe) throw new Error('Stripe.js did not load');
        card = stripe.elements().create('card', { hidePostalCode: true });
        card.mount(host.current);
        card.on('change', (event) => setFieldError(event.error?.message ?? null));
        const element = card;
        onProviderRef.current({
          createPaymentMethod: async () => {
            const result = await stripe.createPaymentMethod({
              type: 'card',
              card: element,
              billing_details: { name: nameRef.current() },
            });
            if (result.error || !result.paymentMethod)
              throw new CardProblem('card', result.error?.message ?? 'Your card number is incomplete.');
            return {
              id: result.paymentMethod.id,
              brand: result.paymentMethod.card?.brand,
              last4: result.paymentMethod.card?.last4,
            };
          },
          confirm: async ({ clientSecret }) => {
            const result = await stripe.confirmCardPayment(clientSecret);
            if (result.error?.message) throw new CardProblem('card', result.error.message);
          },
        });
        setState('ready');
      })
      .catch(() => {
        stripeLoad = null;
        if (live) setState('failed');
      });
    return () => {
      live = false;
      onProviderRef.current(null);
      card?.destroy();
    };
  }, [publishableKey]);

  const shown = error ?? fieldError;
  return (
    <div className={formStyles.field}>
      <span id={`${id}-label`} className={formStyles.label}>
        <Trans>Card details</Trans>
      </span>
      <div
        ref={host}
        className={`${formStyles.input} ${styles.stripeCard}`}
        aria-busy={state === 'loading'}
        data-stripe-card
      />
      {state === 'loading' && <p className={formStyles.hint}>{t`Loading the secure card field…`}</p>}
      {state === 'failed' && (
        <p className={formStyles.error} role="alert">
          <Trans>The card field could not be loaded. Please check your connection and reload the page.</Trans>
        </p>
      )}
      <FormError id={`${id}-error`}>{shown}</FormError>
    </div>
  );
}
