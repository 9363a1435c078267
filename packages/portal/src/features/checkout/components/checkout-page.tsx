import type { PublicConfig } from '@domain-broker/shared/api';
import { DEFAULT_APPRAISAL_LIMITS, MAX_DOMAINS_PER_CONSULTATION } from '@domain-broker/shared/constants';
import { formatUsd, offerAmountToCents, PRICE_TEXT } from '@domain-broker/shared/pricing';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { CheckboxField, formStyles, TermsLinks, TextField } from '#portal/components/form.tsx';
import { startBuyFlow } from '#portal/lib/buy-flow.ts';
import { useConfigStore, usePublicConfig } from '#portal/lib/config.ts';
import { withCatalog } from '#portal/lib/i18n.ts';
import { currentLead, replaceLead, useMyLeads } from '#portal/lib/leads.ts';
import { notifyError, notifySuccess } from '#portal/lib/notify.ts';
import { openOverlay } from '#portal/lib/overlays.ts';
import { loadPhoneLibrary } from '#portal/lib/phone.ts';
import { type FieldMessage, type StandardSchema, useSchemaForm } from '#portal/lib/schema-form.ts';
import { preloadScreen } from '#portal/lib/screens.ts';
import { useSession } from '#portal/lib/session.ts';
import { readString, remove, SESSION_KEYS, STORAGE_KEYS } from '#portal/lib/storage.ts';
import { useAction } from '#portal/lib/use-action.ts';
import {
  type CheckoutValues,
  checkoutDefaults,
  type FormMode,
  isPromoOnlyBuyer,
  PROMO_INVALID,
  type PromoState,
} from '../utils/card.ts';
import type { CardProvider, Paid } from '../utils/pay-flow.ts';
import styles from './checkout.module.css';
import { useCheckoutMessage } from './messages.ts';

type PaymentsConfig = PublicConfig['payments'];

/*
 * What the first paint does not need loads after it (docs/decisions/030-portal-first-load.md): the
 * phone field with its 40 KB of number rules, the form's rules with valibot, the 3-D Secure window, the
 * promo field and the card fields (the sandbox's own, or Stripe's in Stripe mode).
 */
const loadRules = () => import('../utils/rules.ts');
type Actions = typeof import('../utils/actions.ts');
let actions: Promise<Actions> | null = null;
const loadActions = (): Promise<Actions> => {
  actions ??= withCatalog(import('../utils/actions.ts'), 'checkout-deferred');
  actions.catch(() => {
    actions = null;
  });
  return actions;
};
const PhoneField = lazy(() =>
  Promise.all([import('#portal/components/phone-field.tsx'), loadPhoneLibrary()]).then(([m]) => ({
    default: m.PhoneField,
  })),
);
const ThreeDSecureDialog = lazy(() =>
  withCatalog(import('./three-ds-dialog.tsx'), 'checkout-deferred').then((m) => ({
    default: m.ThreeDSecureDialog,
  })),
);
const CostPreview = lazy(() =>
  withCatalog(import('../preview/cost-preview.tsx'), 'checkout-deferred').then((m) => ({
    default: m.CostPreview,
  })),
);
const SandboxCardFields = lazy(() =>
  withCatalog(import('./sandbox-card-fields.tsx'), 'checkout-deferred').then((m) => ({
    default: m.SandboxCardFields,
  })),
);
const PromoField = lazy(() =>
  withCatalog(import('./promo-field.tsx'), 'checkout-deferred').then((m) => ({ default: m.PromoField })),
);
const StripeCard = lazy(() =>
  withCatalog(import('./stripe-card.tsx'), 'checkout-deferred').then((m) => ({ default: m.StripeCard })),
);

/** The form's schema for the current mode, read through the Standard Schema interface once loaded. */
function useLazySchema(mode: FormMode): StandardSchema<CheckoutValues> {
  const modeRef = useRef(mode);
  modeRef.current = mode;
  return useMemo(
    () => ({
      '~standard': {
        validate: async (value: unknown) => {
          const { checkoutSchema } = await loadRules();
          return checkoutSchema(modeRef.current)['~standard'].validate(value) as never;
        },
      },
    }),
    [],
  );
}

function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}

/** Remembers the card a lead was paid with, for the page after payment (this tab only). */
function rememberCard(leadUID: string, paid: Paid) {
  if (!paid.card?.last4) return;
  try {
    sessionStorage.setItem(
      SESSION_KEYS.paidCard,
      JSON.stringify({ leadUID, brand: paid.card.brand ?? '', last4: paid.card.last4 }),
    );
  } catch {
    // storage blocked: the page after payment shows no digits
  }
}

function LeadSummary({ lead }: { lead: Lead }) {
  const cents = offerAmountToCents(lead.offerAmount);
  const budget = cents !== undefined ? formatUsd(cents) : '';
  const suggested = PRICE_TEXT.suggestedMinimumBudget;
  return (
    <dl className={styles.summary}>
      <div>
        <dt>
          <Trans>Domain</Trans>
        </dt>
        <dd data-lead-domain>{lead.domainName}</dd>
      </div>
      <div>
        <dt>
          <Trans>Your budget</Trans>
        </dt>
        <dd>
          {budget ? <Trans>{budget} USD</Trans> : <Trans>Not given</Trans>}
          <span className={styles.hint}>
            <Trans>Suggested minimum: {suggested} USD</Trans>
          </span>
        </dd>
      </div>
    </dl>
  );
}

/** The form: card (sandbox fields or Stripe Elements) or promo code, phone, consents, 'Hire a Broker'. */
function PaymentForm({ lead, payments }: { lead: Lead; payments: PaymentsConfig }) {
  const { t, i18n } = useLingui();
  const message = useCheckoutMessage();
  const [, navigate] = useLocation();
  const profile = useSession((s) => s.profile);
  const promoOnly = isPromoOnlyBuyer(
    lead.registrarUID ?? profile?.registrarUID,
    profile?.userInterested ?? lead.userInterested,
  );
  const stripeMode = payments.provider === 'stripe' && Boolean(payments.publishableKey);

  const [code, setCode] = useState(() => readString(STORAGE_KEYS.promoCode) ?? '');
  const [promo, setPromo] = useState<PromoState>({ kind: 'idle' });
  const promoApplied = promo.kind === 'applied';
  const card = !promoOnly && !promoApplied;
  const schema = useLazySchema({ card, ownCardFields: !stripeMode });
  const form = useSchemaForm<CheckoutValues>(schema, checkoutDefaults(profile?.phone ?? ''));
  const { errors } = form.formState;
  const [stripeError, setStripeError] = useState<string | null>(null);
  const stripeProvider = useRef<CardProvider | null>(null);
  const [challenge, setChallenge] = useState<((outcome: 'complete' | 'fail') => void) | null>(null);
  const busy = useRef(false);

  // the form's actions and the page after payment download while the buyer types
  useEffect(() => {
    void loadActions().catch(() => undefined);
    preloadScreen('/agent-details-questions');
  }, []);

  // promo-only buyers were mailed a code at sign-up: the promo alert says so (docs/product.md "Checkout")
  useEffect(() => {
    if (promoOnly) openOverlay('alert', { kind: 'promo' });
  }, [promoOnly]);

  const fieldError = (name: keyof CheckoutValues): FieldMessage | undefined => {
    const found = errors[name];
    return found ? { message: message(found.message) } : undefined;
  };

  const onCode = (next: string) => {
    setCode(next);
    // editing the code resets the applied state (docs/product.md "Promo codes")
    if (promo.kind !== 'idle') setPromo({ kind: 'idle' });
  };

  /** Checks the typed code; answers the applied code or null (the field then says why). */
  const applyPromo = async (): Promise<string | null> => {
    const typed = code.trim();
    if (promoOnly && typed === '') {
      setPromo({ kind: 'invalid', message: PROMO_INVALID });
      return null;
    }
    setPromo({ kind: 'checking' });
    const act = await loadActions().catch(() => null);
    const next = act ? await act.checkPromo(typed) : ({ kind: 'idle' } as const);
    setPromo(next);
    return next.kind === 'applied' ? next.code : null;
  };

  const pay = async (values: CheckoutValues) => {
    setStripeError(null);
    const act = await loadActions().catch(() => null);
    if (!act) {
      notifyError(t`Somthing went wrong`);
      return;
    }
    const promoCode = promoOnly || promoApplied ? (promoApplied ? promo.code : await applyPromo()) : null;
    if ((promoOnly || promoApplied) && !promoCode) return;
    const paid = await act.submitPayment({
      i18n,
      lead,
      values,
      promoCode,
      stripe: stripeProvider.current,
      stripeMode,
      challenge: () =>
        new Promise((resolve) =>
          setChallenge(() => (outcome: 'complete' | 'fail') => {
            setChallenge(null);
            resolve(outcome);
          }),
        ),
      showCardError: (field, text) => {
        if (stripeMode) setStripeError(text);
        else form.setError(field === 'card' ? 'cardNumber' : field, { message: text }, { focus: true });
      },
      showPromoError: (text) => setPromo({ kind: 'invalid', message: text }),
    });
    setChallenge(null);
    if (!paid) return;
    remove(STORAGE_KEYS.promoCode);
    rememberCard(lead.UID, paid);
    replaceLead(paid.lead);
    notifySuccess(paid.successText);
    navigate('/agent-details-questions');
  };

  // /hire-consultant loads without TanStack Query (docs/decisions/032-checkout-first-load.md): the
  // payment, with its checks, promo code and card challenge, is the lighter action (ADR 030)
  const payment = useAction(form.handleSubmit(pay));
  const submitting = payment.pending;
  // one payment at a time: a second click while the first is under way sends nothing
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    void payment.run(event).finally(() => {
      busy.current = false;
    });
  };

  const nameOnCard = form.register('nameOnCard');
  return (
    <form
      className={`${formStyles.form} ${styles.card}`}
      onSubmit={onSubmit}
      noValidate
      aria-busy={submitting}
    >
      {card && !stripeMode && (
        <Suspense fallback={<div className={styles.cardPlaceholder} />}>
          <SandboxCardFields
            number={form.register('cardNumber')}
            expiry={form.register('expiry')}
            cvc={form.register('cvc')}
            errors={errors}
          />
        </Suspense>
      )}
      {card && stripeMode && payments.publishableKey && (
        <Suspense fallback={<div className={styles.phonePlaceholder} />}>
          <StripeCard
            publishableKey={payments.publishableKey}
            nameOnCard={() => form.getValues().nameOnCard.trim()}
            error={stripeError}
            onProvider={(provider) => {
              stripeProvider.current = provider;
            }}
          />
        </Suspense>
      )}
      {card && (
        <TextField
          label={t`Name on card`}
          autoComplete="cc-name"
          registration={nameOnCard}
          error={fieldError('nameOnCard')}
        />
      )}
      <PhoneField
        label={t`Phone number`}
        optional
        registration={form.register('phone')}
        error={fieldError('phone')}
      />
      {promoOnly && (
        <p className={formStyles.info}>
          <Trans>Please check your registered email for your promo code and enter it below.</Trans>
        </p>
      )}
      <Suspense fallback={<div className={styles.promoPlaceholder} />}>
        <PromoField
          code={code}
          state={promo}
          onCode={onCode}
          onApply={() => void applyPromo()}
          onRemove={() => {
            setCode('');
            setPromo({ kind: 'idle' });
          }}
          disabled={submitting}
        />
      </Suspense>
      <TermsLinks />
      <CheckboxField
        label={<Trans>I accept the Privacy Policy and the Terms of Service.</Trans>}
        registration={form.register('acceptTerms')}
        error={fieldError('acceptTerms')}
      />
      <CheckboxField
        label={
          <Trans>
            I have read the disclaimer: the broker works to buy the domain for me but cannot guarantee that
            the owner sells it; the fee is refunded if the broker declines my request.
          </Trans>
        }
        registration={form.register('acceptDisclaimer')}
        error={fieldError('acceptDisclaimer')}
      />
      <button
        type="submit"
        className={`${formStyles.primary} ${formStyles.block}`}
        disabled={submitting}
        aria-busy={submitting}
      >
        {submitting && <Spinner />}
        <Trans>Hire a Broker</Trans>
      </button>
      {submitting && (
        <p className="visually-hidden" role="status">
          <Trans>Processing your payment…</Trans>
        </p>
      )}
      {challenge && (
        <Suspense fallback={null}>
          <ThreeDSecureDialog onOutcome={(outcome) => challenge(outcome)} />
        </Suspense>
      )}
    </form>
  );
}

function CheckoutPage() {
  const { t } = useLingui();
  const leads = useMyLeads();
  const configLoaded = useConfigStore((s) => s.loaded);
  const payments = usePublicConfig().payments;
  const testMode = payments.provider === 'sandbox' || payments.testMode === true;
  const fee = PRICE_TEXT.initialFee;
  const searches = DEFAULT_APPRAISAL_LIMITS.paid;
  const domains = MAX_DOMAINS_PER_CONSULTATION;

  let body: React.ReactNode;
  if (leads.isPending || !configLoaded) {
    body = (
      <p className={styles.state} role="status">
        <Spinner /> <Trans>Loading your checkout…</Trans>
      </p>
    );
  } else if (leads.isError) {
    body = (
      <div className={styles.state} role="alert">
        <p>
          <Trans>Your checkout could not be loaded.</Trans>
        </p>
        <button type="button" className={formStyles.secondary} onClick={() => void leads.refetch()}>
          <Trans>Try Again</Trans>
        </button>
      </div>
    );
  } else {
    const lead = currentLead(leads.data);
    if (lead?.status !== 'pending') {
      body = (
        <div className={styles.state}>
          <p role="status">
            <Trans>You dont have a domain name to checkout</Trans>
          </p>
          {lead?.status === 'new' ? (
            <Link href="/agent-details-questions" className={formStyles.secondary}>
              <Trans>Meet Your Broker</Trans>
            </Link>
          ) : (
            <button type="button" className={formStyles.primary} onClick={() => startBuyFlow()}>
              <Trans>Buy a Domain</Trans>
            </button>
          )}
        </div>
      );
    } else {
      body = (
        <div className={styles.layout}>
          <div className={styles.main}>
            <LeadSummary lead={lead} />
            <div className={styles.pricing}>
              <p className={styles.price}>
                <Trans>One-time fee: {fee} USD</Trans>
              </p>
              <p>
                <Trans>
                  A dedicated broker researches the domain, contacts its owner and negotiates the price for
                  you. The fee is refunded if the broker declines your request.
                </Trans>
              </p>
              <ul className={styles.perks} aria-label={t`Included`}>
                <li>
                  <Trans>Free e-book: how to buy a domain name from its owner</Trans>
                </li>
                <li>
                  <Trans>{searches} daily appraisal searches with extra data</Trans>
                </li>
                <li>
                  <Trans>Up to {domains} domains in one consultation, alternatives at no extra charge</Trans>
                </li>
              </ul>
            </div>
            <PaymentForm lead={lead} payments={payments} />
          </div>
          <Suspense fallback={null}>
            <CostPreview
              offerAmount={lead.offerAmount}
              channel={lead.registrarUID ? 'registrar' : 'direct'}
            />
          </Suspense>
        </div>
      );
    }
  }

  return (
    <section className={styles.page} aria-labelledby="checkout-title">
      <h1 id="checkout-title" className={styles.title}>
        <Trans>Hire a Broker</Trans>
        {configLoaded && testMode && (
          <span className={styles.testMode} data-test-mode>
            <Trans>TEST MODE</Trans>
          </span>
        )}
      </h1>
      {body}
    </section>
  );
}

export default CheckoutPage;
