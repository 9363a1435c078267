import {
  APPRAISAL_SELL_FORM,
  type SellDomainBodyInput,
  type SellFormInput,
  SellMultiForm,
  SellSingleForm,
} from '@domain-broker/shared/schemas/sell';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import type * as v from 'valibot';
import { Link } from 'wouter';
import { useSearch } from 'wouter/use-browser-location';
import {
  CheckboxField,
  EmailField,
  FieldFrame,
  formStyles,
  SubmitButton,
  TextAreaField,
  TextField,
} from '#portal/components/form.tsx';
import layout from '#portal/components/layout.module.css';
import { PhoneField } from '#portal/components/phone-field.tsx';
import { ApiError, handleApiError } from '#portal/lib/api.ts';
import { usePublicConfig } from '#portal/lib/config.ts';
import { navigate } from '#portal/lib/navigation.ts';
import { withQueryClient } from '#portal/lib/query.tsx';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import { useSession } from '#portal/lib/session.ts';
import { readString, remove, STORAGE_KEYS, writeString } from '#portal/lib/storage.ts';
import { useSellComment } from '../api/sell-comment.ts';
import { useSellDomain, verifySellDomain } from '../api/sell-domain.ts';
import { sellMessage } from './messages.ts';
import styles from './sell.module.css';

/** The submission the thank-you and comment steps belong to (this tab only). */
const SUBMISSION_KEY = 'db.sellSubmission';
interface Submission {
  id: string;
  verified: boolean;
}
const REFERRAL_KEYS = [
  STORAGE_KEYS.sellRef,
  STORAGE_KEYS.sellReferrer,
  STORAGE_KEYS.sellAppraise,
  STORAGE_KEYS.sellValue,
  STORAGE_KEYS.sellWorth,
] as const;

function readSubmission(): Submission | null {
  try {
    const raw = sessionStorage.getItem(SUBMISSION_KEY);
    return raw ? (JSON.parse(raw) as Submission) : null;
  } catch {
    return null;
  }
}

/** Keeps the referral the visitor arrived with (`ref`, the referring page) until a submission succeeds. */
export function rememberReferral(search: string, referrer: string): void {
  const ref = new URLSearchParams(search).get('ref');
  if (ref) writeString(STORAGE_KEYS.sellRef, ref.slice(0, 200));
  if (referrer && !readString(STORAGE_KEYS.sellReferrer))
    writeString(STORAGE_KEYS.sellReferrer, referrer.slice(0, 2048));
}

/** The wire body from the form's values and the stored referral data (docs/product.md "Browser storage"). */
export function sellBody(
  values: { domain: string[]; name: string; email: string; phone: string; price?: number; minQuote?: number },
  single: boolean,
): SellDomainBodyInput {
  const value = readString(STORAGE_KEYS.sellValue);
  const worth = readString(STORAGE_KEYS.sellWorth);
  return {
    domain: values.domain.join(', '),
    email: values.email,
    name: values.name,
    phone: values.phone,
    formName: readString(STORAGE_KEYS.sellAppraise) ? APPRAISAL_SELL_FORM : '',
    source: readString(STORAGE_KEYS.sellReferrer) ?? readString(STORAGE_KEYS.sellRef) ?? '',
    ref: readString(STORAGE_KEYS.sellRef) ?? '',
    ...(single && values.price !== undefined && values.minQuote !== undefined
      ? {
          price: String(values.price / 100),
          minQuote: String(values.minQuote / 100),
          ...(value ? { value } : {}),
          ...(worth ? { worth: worth.slice(0, 200) } : {}),
        }
      : {}),
  };
}

type Output = v.InferOutput<typeof SellSingleForm> | v.InferOutput<typeof SellMultiForm>;

function SellForm({ domain }: { domain: string }) {
  const { t, i18n } = useLingui();
  const profile = useSession((s) => s.profile);
  const single = domain !== '';
  const { register, handleSubmit, setServerErrors, formState } = useSchemaForm<SellFormInput, Output>(
    single ? SellSingleForm : SellMultiForm,
    {
      domain,
      name: profile ? [profile.firstName, profile.lastName].filter(Boolean).join(' ') : '',
      email: profile?.email ?? '',
      phone: profile?.phone ?? '',
      price: '',
      minQuote: '',
      terms: false,
    },
  );
  const errors = formState.errors;
  const err = (e: { message: string } | undefined) =>
    e ? { message: sellMessage(e.message, i18n) } : undefined;

  const send = useSellDomain({
    onFailure: (error) => {
      if (error instanceof ApiError && !setServerErrors(error.errors)) handleApiError(error);
    },
  });
  const busy = send.pending;

  const onSubmit = async (values: Output) => {
    const body = sellBody(values as Parameters<typeof sellBody>[0], single);
    const answer = await send.runAsync({ ...body, locale: i18n.locale === 'zh' ? 'zh' : 'en' });
    if (!answer) return;
    for (const key of REFERRAL_KEYS) remove(key);
    sessionStorage.setItem(
      SUBMISSION_KEY,
      JSON.stringify({ id: answer.data?.id ?? '', verified: answer.data?.verified ?? false }),
    );
    navigate('/sell-domain?show=thankyou');
  };

  return (
    <form className={`${formStyles.form} ${layout.card}`} onSubmit={handleSubmit(onSubmit)} noValidate>
      <div className={layout.fields}>
        <div className={layout.wide}>
          {single ? (
            <TextField
              label={t`Domain name`}
              autoComplete="off"
              spellCheck={false}
              registration={register('domain')}
              error={err(errors.domain)}
            />
          ) : (
            <FieldFrame
              label={t`Domain names`}
              hint={t`One or more names, separated by commas, e.g. example.com, example.net`}
              error={err(errors.domain)}
            >
              {({ id, describedBy }) => (
                <textarea
                  id={id}
                  rows={4}
                  className={`${formStyles.input} ${styles.textarea}`}
                  spellCheck={false}
                  aria-invalid={errors.domain ? true : undefined}
                  aria-describedby={describedBy}
                  {...register('domain')}
                />
              )}
            </FieldFrame>
          )}
        </div>
        {single && (
          <>
            <TextField
              label={t`Price (USD)`}
              inputMode="decimal"
              autoComplete="off"
              registration={register('price')}
              error={err(errors.price)}
            />
            <TextField
              label={t`Minimum quote (USD)`}
              inputMode="decimal"
              autoComplete="off"
              registration={register('minQuote')}
              error={err(errors.minQuote)}
            />
          </>
        )}
        <TextField
          label={t`Full name`}
          autoComplete="name"
          registration={register('name')}
          error={err(errors.name)}
        />
        <EmailField registration={register('email')} error={err(errors.email)} />
        <PhoneField label={t`Phone number`} registration={register('phone')} error={err(errors.phone)} />
      </div>
      <CheckboxField
        registration={register('terms')}
        error={err(errors.terms)}
        label={
          <Trans>
            I accept the <Link href="/sell-terms">seller terms of service</Link> and the{' '}
            <Link href="/sell-privacy">privacy policy</Link>.
          </Trans>
        }
      />
      <div className={formStyles.actions}>
        <SubmitButton busy={busy}>{busy ? <Trans>Sending…</Trans> : <Trans>Submit</Trans>}</SubmitButton>
      </div>
    </form>
  );
}

function CommentStep({ submission, onDone }: { submission: Submission | null; onDone: () => void }) {
  const { t } = useLingui();
  const [comment, setComment] = useState('');
  const send = useSellComment(onDone);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // an empty comment goes straight to the success view, with no call (decision A15)
    if (!comment.trim() || !submission?.id) return onDone();
    send.run({ id: submission.id, comment: comment.trim() });
  };
  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <TextAreaField
        label={t`Anything our broker should know?`}
        optional
        rows={4}
        maxLength={2000}
        className={styles.textarea}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <div className={formStyles.actions}>
        <SubmitButton busy={send.pending}>
          <Trans>Continue</Trans>
        </SubmitButton>
      </div>
    </form>
  );
}

function ThankYou({ onDone, commentOnly }: { onDone: () => void; commentOnly: boolean }) {
  const config = usePublicConfig();
  const submission = readSubmission();
  const [ns1, ns2] = config.sellNameservers;
  const support = config.sellOnboardingEmail || config.supportEmail;
  return (
    <div className={`${layout.card} ${layout.stack}`}>
      {!commentOnly && (
        <>
          <h2 className={layout.heading}>
            <Trans>Thank you!</Trans>
          </h2>
          {submission && !submission.verified && (
            <p className={styles.notice} role="status">
              <Trans>
                Please confirm your email address with the link we sent you: your domains are listed once it
                is confirmed.
              </Trans>
            </p>
          )}
          <p>
            <Trans>
              To show buyers that your domains are for sale, point them to our sales pages with these
              nameservers:
            </Trans>
          </p>
          <ul className={styles.nameservers} aria-label="Nameservers">
            <li>{ns1}</li>
            <li>{ns2}</li>
          </ul>
          {support && (
            <p>
              <Trans>
                Questions about onboarding? Write to <a href={`mailto:${support}`}>{support}</a>.
              </Trans>
            </p>
          )}
        </>
      )}
      <CommentStep submission={submission} onDone={onDone} />
    </div>
  );
}

function Success() {
  const config = usePublicConfig();
  return (
    <div className={`${layout.card} ${layout.stack}`} role="status">
      <h2 className={layout.heading}>
        <Trans>All set</Trans>
      </h2>
      <p>
        <Trans>
          Thank you. A broker will review your domains and contact you within one to two business days.
        </Trans>
      </p>
      <div className={formStyles.actions}>
        <Link href="/" className={formStyles.secondary}>
          <Trans>Back to Home</Trans>
        </Link>
        {config.marketplaceLoginUrl && (
          <a href={config.marketplaceLoginUrl} rel="noopener" className={formStyles.primary}>
            <Trans>Login as a Seller</Trans>
          </a>
        )}
      </div>
    </div>
  );
}

function Verify({ token }: { token: string }) {
  const [state, setState] = useState<'pending' | 'done' | 'invalid'>('pending');
  useEffect(() => {
    let live = true;
    verifySellDomain(token).then(
      () => live && setState('done'),
      () => live && setState('invalid'),
    );
    // the token leaves the address bar
    history.replaceState(history.state, '', '/sell-domain?show=verified');
    return () => {
      live = false;
    };
  }, [token]);
  if (state === 'pending')
    return (
      <p role="status">
        <Trans>Confirming your email address…</Trans>
      </p>
    );
  return state === 'done' ? (
    <div className={`${layout.card} ${layout.stack}`} role="status">
      <h2 className={layout.heading}>
        <Trans>Your email address is confirmed</Trans>
      </h2>
      <p>
        <Trans>
          Your seller account is ready and a broker will review your domains. We sent you the next steps by
          email.
        </Trans>
      </p>
    </div>
  ) : (
    <p className={styles.notice} role="alert">
      <Trans>This confirmation link has expired or is not valid. Please submit your domains again.</Trans>
    </p>
  );
}

/**
 * /sell-domain (docs/product.md "Selling"): the form, then the thank-you with the nameservers and the
 * comment, then success.
 */
export function SellDomainPage() {
  // follows the query as the steps change it (?show=thankyou after a submission)
  const query = new URLSearchParams(useSearch());
  const show = query.get('show');
  // the confirmation link's token, kept after it leaves the address bar
  const [verify] = useState(() => query.get('verify'));
  const domain = (query.get('domain') ?? '').trim().slice(0, 253);
  const [done, setDone] = useState(false);
  useEffect(() => {
    rememberReferral(location.search, document.referrer);
  }, []);
  let body: React.ReactNode;
  if (verify) body = <Verify token={verify} />;
  else if (done) body = <Success />;
  else if (show === 'thankyou' || show === 'comment')
    body = <ThankYou commentOnly={show === 'comment'} onDone={() => setDone(true)} />;
  else body = <SellForm domain={domain} />;
  return (
    <section className={layout.narrow} aria-labelledby="sell-title">
      <header>
        <h1 id="sell-title" className={layout.heading}>
          <Trans>Sell Your Domains</Trans>
        </h1>
        <p className={layout.lead}>
          <Trans>List your names with a personal broker: 15% commission only when a domain sells.</Trans>
        </p>
      </header>
      {body}
    </section>
  );
}

export default withQueryClient(SellDomainPage);
