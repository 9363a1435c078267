import { PRICE_TEXT } from '@domain-broker/shared/pricing';
import { effectiveRoles } from '@domain-broker/shared/roles';
import type { BuyFormOutput } from '@domain-broker/shared/schemas/buy-form';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { formStyles, SubmitButton, TextField } from '#portal/components/form.tsx';
import { ApiError, errorText } from '#portal/lib/api.ts';
import { usePublicConfig } from '#portal/lib/config.ts';
import type { BuyPrefill } from '#portal/lib/overlays.ts';
import { registrarDetail, registrarUid } from '#portal/lib/registrar.ts';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import { useSession } from '#portal/lib/session.ts';
import { useSendBuyForm } from '../api/send-buy-form.ts';
import { buyMessage, ENQUIRY_CONFIRMATION, enquiryConfirmationText } from '../utils/messages.ts';
import { buyerAccess, buyOutcome } from '../utils/rules.ts';
import styles from './buy.module.css';

type Values = { domainName: string; offerAmount: string };

/** How the buy form's page tells the lead apart (the lead's formName). */
export const BUY_FORM_NAME = 'buy-form';

/** The visitor came through a registrar (its id is stored, or the account was made through one). */
export function cameFromRegistrar(): boolean {
  const profile = useSession.getState().profile;
  return registrarUid() !== null || registrarDetail() !== null || Boolean(profile?.registrarUID);
}

export type BuyFormResult =
  | { kind: 'lead'; domainName: string }
  /** The buyer has an open paid lead: the domain goes to the dashboard's alternates panel (A12). */
  | { kind: 'alternate'; domainName: string }
  | { kind: 'enquiry'; message: string }
  | { kind: 'lowBudget'; domainName: string; offerAmount: string };

/**
 * The domain + budget form (decision B2: one form for every entry point). The budget decides
 * (docs/product.md "Buy flow", A13): 500 USD or more creates the lead (then /hire-consultant); less, or none,
 * is a direct enquiry answered with the confirmation, except for a registrar's visitor, who gets the
 * 'Insufficient Budget' window. The server's refusals (an open paid lead, an investor, a staff account) show
 * above the button.
 */
export function DomainBudgetForm({
  prefill,
  onResult,
}: {
  prefill: BuyPrefill;
  onResult: (result: BuyFormResult) => void;
}) {
  const { t, i18n } = useLingui();
  const config = usePublicConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const [alternate, setAlternate] = useState<string | null>(null);
  const schema = useMemo(() => {
    const extensions = config.supportedExtensions.length > 0 ? config.supportedExtensions : undefined;
    return () => import('@domain-broker/shared/schemas/buy-form').then((m) => m.buyForm(extensions));
  }, [config.supportedExtensions]);
  const {
    register,
    handleSubmit,
    setServerErrors,
    formState: { errors },
  } = useSchemaForm<Values, BuyFormOutput>(schema, {
    domainName: prefill.domainName ?? '',
    offerAmount: prefill.offerAmount ?? '',
  });
  const send = useSendBuyForm({
    onFailure: (error, input) => {
      if (!(error instanceof ApiError)) return;
      // 401, 307 and 451 belong to the shell, which already acted
      if ([401, 307, 451].includes(error.status)) return;
      if (!setServerErrors(error.errors)) {
        setFailure(buyMessage(errorText(error), i18n));
        if (error.code === 'LEAD_ADD_AS_ALTERNATE') setAlternate(input.domainName);
      }
    },
  });
  const busy = send.pending;

  const onSubmit = handleSubmit(async ({ domainName, offerAmount }) => {
    setFailure(null);
    setAlternate(null);
    const outcome = buyOutcome(offerAmount, cameFromRegistrar());
    if (outcome === 'lowBudget') {
      onResult({ kind: 'lowBudget', domainName, offerAmount });
      return;
    }
    const answer = await send.runAsync({ outcome, domainName, offerAmount, formName: BUY_FORM_NAME });
    if (!answer) return;
    if (outcome === 'lead') onResult({ kind: 'lead', domainName });
    else onResult({ kind: 'enquiry', message: enquiryConfirmationText(answer, i18n) });
  });

  const minimum = PRICE_TEXT.suggestedMinimumBudget;
  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
      <TextField
        label={t`Domain name`}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        placeholder="example.com"
        // the window puts the focus here, or in the budget when it is the budget to change
        data-autofocus={prefill.focus === 'offerAmount' ? undefined : true}
        registration={register('domainName')}
        error={errors.domainName && { message: buyMessage(errors.domainName.message, i18n) }}
      />
      <TextField
        label={t`Your budget (USD)`}
        inputMode="decimal"
        autoComplete="off"
        data-autofocus={prefill.focus === 'offerAmount' ? true : undefined}
        registration={register('offerAmount')}
        error={errors.offerAmount && { message: buyMessage(errors.offerAmount.message, i18n) }}
        hint={t`Suggested minimum: ${minimum} USD`}
      />
      {failure && (
        <p className={`${formStyles.warning} ${styles.failure}`} role="alert">
          {failure}
        </p>
      )}
      {alternate && (
        <button
          type="button"
          className={formStyles.secondary}
          onClick={() => onResult({ kind: 'alternate', domainName: alternate })}
        >
          <Trans>Add as an Alternate Domain</Trans>
        </button>
      )}
      <SubmitButton busy={busy} block>
        {busy ? <Trans>Sending…</Trans> : <Trans>Continue</Trans>}
      </SubmitButton>
    </form>
  );
}

/** Who may use the form (A24): staff, registrars and investors are told why not instead. */
export function useBuyerRefusal(): string | null {
  const { i18n } = useLingui();
  const profile = useSession((s) => s.profile);
  if (!profile) return null;
  const access = buyerAccess(effectiveRoles(profile.roles), profile.userInterested);
  if (access === 'notBuyer') return i18n._(msg`please login as user to continue`);
  if (access === 'investor') return i18n._(msg`not allowed, please contact admin`);
  return null;
}

export { ENQUIRY_CONFIRMATION };
