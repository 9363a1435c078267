import type { VerificationNeeded } from '@domain-broker/shared/api';
import { RegistrarEnquiryForm, type SignUpWithDomainBody } from '@domain-broker/shared/schemas/auth';
import {
  isSupportedDomain,
  unsupportedExtension,
  withDefaultExtension,
} from '@domain-broker/shared/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import type * as v from 'valibot';
import { EmailField, formStyles, PasswordField, TextField } from '#portal/components/form.tsx';
import { ApiError, handleApiError } from '#portal/lib/api.ts';
import { setPendingBuyAction } from '#portal/lib/buy-flow.ts';
import { usePublicConfig } from '#portal/lib/config.ts';
import { isLocale } from '#portal/lib/i18n.ts';
import { messageText } from '#portal/lib/messages.ts';
import { notifySuccess } from '#portal/lib/notify.ts';
import { openLoginWindow } from '#portal/lib/open-login.ts';
import { closeOverlay, openOverlay } from '#portal/lib/overlays.ts';
import { type FieldMessage, useSchemaForm } from '#portal/lib/schema-form.ts';
import { readString, remove, STORAGE_KEYS } from '#portal/lib/storage.ts';
import { type SignUpWithDomainAnswer, useSignUpWithDomain } from '../api/sign-up-with-domain.ts';
import { enquiryMessage } from '../utils/form-messages.ts';
import styles from './landing.module.css';

/** What the inputs hold: text (the schema also accepts a number budget from other callers). */
type FormInput = { [K in keyof v.InferInput<typeof RegistrarEnquiryForm>]: string };
type FormOutput = v.InferOutput<typeof RegistrarEnquiryForm>;

/**
 * The enquiry's body: a domain typed without a dot gets .com (docs/product.md "Validation rules"), the
 * registrar and the page travel along.
 */
export function enquiryBody(
  values: FormOutput,
  context: { registrarUID: string | null; referralURL: string; locale?: string },
): SignUpWithDomainBody {
  return {
    name: values.name,
    email: values.email,
    password: values.password,
    phone: values.phone,
    domainName: withDefaultExtension(values.domainName),
    offerAmount: values.offerAmount,
    ...(context.registrarUID ? { registrarUID: context.registrarUID } : {}),
    referralURL: context.referralURL.slice(0, 2048),
    ...(isLocale(context.locale) ? { locale: context.locale } : {}),
  };
}

/**
 * What the answer means (docs/product.md "Sign-up and sign-in answers"): 207 opens the verification window,
 * 203 (the account exists) shows the message and opens the sign-in window, 201 shows the password-sent alert.
 * A successful sign-up no longer needs the stored domain name.
 */
export function applyEnquiryAnswer(
  answer: SignUpWithDomainAnswer,
  context: { email: string; message: (answer: SignUpWithDomainAnswer) => string },
): 'verify' | 'exists' | 'passwordSent' | 'none' {
  if (answer.status === 207) {
    remove(STORAGE_KEYS.domainName);
    const email = (answer.data as VerificationNeeded | undefined)?.email ?? context.email;
    if (answer.message) notifySuccess(context.message(answer));
    openOverlay('verification', { email });
    return 'verify';
  }
  if (answer.status === 203) {
    if (answer.message) notifySuccess(context.message(answer));
    closeOverlay('signup');
    closeOverlay('domainLogin');
    openLoginWindow();
    return 'exists';
  }
  if (answer.status === 201) {
    remove(STORAGE_KEYS.domainName);
    openOverlay('alert', { kind: 'passwordSent', message: context.message(answer) });
    return 'passwordSent';
  }
  return 'none';
}

/** The domain the visitor came for: the query string's, else the stored one. */
export function initialDomain(search: string): string {
  return new URLSearchParams(search).get('domainName') ?? readString(STORAGE_KEYS.domainName) ?? '';
}

export interface EnquiryFormProps {
  registrarUID: string | null;
  /** Fill the email a returning visitor signed in with before (not on a registrar's own page). */
  prefillEmail?: boolean;
}

/**
 * The landing page's enquiry: name, email, password, phone, domain and budget
 * (docs/product.md "Registrar landing page and widget").
 */
export function EnquiryForm({ registrarUID, prefillEmail = true }: EnquiryFormProps) {
  const { t, i18n } = useLingui();
  const config = usePublicConfig();
  const {
    register,
    handleSubmit,
    setError,
    setServerErrors,
    setFocus,
    formState: { errors },
  } = useSchemaForm<FormInput, FormOutput>(RegistrarEnquiryForm, {
    name: '',
    email: prefillEmail ? (readString(STORAGE_KEYS.userEmail) ?? '') : '',
    password: '',
    phone: '',
    domainName: initialDomain(location.search),
    offerAmount: '',
  });
  const signUp = useSignUpWithDomain({
    onFailure: (error) => {
      if (error instanceof ApiError && !setServerErrors(error.errors)) handleApiError(error);
    },
  });
  /** A field's message in the active language (the registrar page's own texts first). */
  const shown = (error: FieldMessage | undefined) =>
    error && { message: enquiryMessage(error.message, i18n) };

  // 'increase the budget' in the low-budget window lands here with #budget
  useEffect(() => {
    if (location.hash === '#budget') setFocus('offerAmount');
  }, [setFocus]);

  const onSubmit = async (values: FormOutput) => {
    // only the supported extensions make a lead: checked before any account is made (decision A18)
    const domain = withDefaultExtension(values.domainName);
    const extensions = config.supportedExtensions;
    if (!isSupportedDomain(domain, extensions)) {
      const list = extensions.map((e) => `.${e}`).join(', ');
      setError(
        'domainName',
        {
          message: unsupportedExtension(domain, extensions)
            ? t`This extension is not supported. Supported extensions: ${list}.`
            : 'not a valid domain',
        },
        { focus: true },
      );
      return;
    }
    const body = enquiryBody(values, { registrarUID, referralURL: location.href, locale: i18n.locale });
    const answer = await signUp.runAsync(body);
    if (answer) {
      const outcome = applyEnquiryAnswer(answer, {
        email: body.email,
        message: (answer) => messageText(answer, i18n),
      });
      // once the email is verified (or the existing account signs in), the buy flow continues with this
      // domain and budget: /hire-consultant, or the 'Insufficient Budget' window (decision A13)
      if (outcome === 'verify' || outcome === 'exists')
        setPendingBuyAction({
          kind: 'enquiry',
          domainName: body.domainName,
          offerAmount: String(body.offerAmount),
        });
    }
  };

  return (
    <form
      className={formStyles.form}
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-labelledby="enquiry-title"
    >
      <div className={styles.formGrid}>
        <TextField
          label={t`Full name`}
          autoComplete="name"
          registration={register('name')}
          error={shown(errors.name)}
        />
        <EmailField label={t`Email`} registration={register('email')} error={shown(errors.email)} />
        <PasswordField
          label={t`Password`}
          autoComplete="new-password"
          registration={register('password')}
          error={shown(errors.password)}
          hint={t`At least 8 characters, with a number, an uppercase letter and one of @$!%*?&.`}
        />
        <TextField
          label={t`Phone number`}
          type="tel"
          autoComplete="tel"
          registration={register('phone')}
          error={shown(errors.phone)}
          hint={t`With the country code, e.g. +1 415 555 0100`}
        />
        <TextField
          label={t`Domain you want`}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          registration={register('domainName')}
          error={shown(errors.domainName)}
          hint={t`A name without an extension gets .com`}
        />
        <TextField
          label={t`Your budget (USD)`}
          inputMode="decimal"
          autoComplete="off"
          registration={register('offerAmount')}
          error={shown(errors.offerAmount)}
        />
      </div>
      <button type="submit" className={`${formStyles.primary} ${styles.submit}`} disabled={signUp.pending}>
        {signUp.pending ? <Trans>Sending…</Trans> : <Trans>Get Started</Trans>}
      </button>
      <p className={formStyles.hint}>
        <Trans>
          We create your account and a broker contacts you about this domain within one to two business days.
        </Trans>
      </p>
    </form>
  );
}
