import type { ContactFormInput, ContactFormOutput } from '@domain-broker/shared/schemas/contact';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmailField, FieldFrame, formStyles, SubmitButton, TextField } from '#portal/components/form.tsx';
import layout from '#portal/components/layout.module.css';
import { PhoneField } from '#portal/components/phone-field.tsx';
import { navigate } from '#portal/lib/navigation.ts';
import { notifySuccess } from '#portal/lib/notify.ts';
import { withPhoneRules } from '#portal/lib/phone.ts';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import { useSession } from '#portal/lib/session.ts';
import { useSendContact } from '../api/send-contact.ts';
import styles from './contact.module.css';
import { contactMessage, submittedText } from './messages.ts';

/** The domain an inquiry button or the written-appraisal offer filled in (`?domainName=`, or `?domain=`). */
export function initialContactDomain(search: string): string {
  const q = new URLSearchParams(search);
  return (q.get('domainName') ?? q.get('domain') ?? '').trim().slice(0, 253);
}

/** Where the page goes after a successful submit (docs/product.md "Contact Us"): back, or home. */
export function goBack(): void {
  if (typeof history !== 'undefined' && history.length > 1) history.back();
  else navigate('/');
}

/**
 * The form's rules (the shared schema, also the server's) and the phone rules they use: downloaded after
 * the first paint, and always both before the form is checked.
 */
const loadRules = () =>
  import('@domain-broker/shared/schemas/contact').then((m) => withPhoneRules(m.ContactForm));

/** Contact Us (/contact-us): name, email, phone, domain name, message and an optional budget. */
export function ContactPage() {
  const { t, i18n } = useLingui();
  const profile = useSession((s) => s.profile);
  const form = useSchemaForm<ContactFormInput, ContactFormOutput>(loadRules, {
    name: profile ? [profile.firstName, profile.lastName].filter(Boolean).join(' ') : '',
    email: profile?.email ?? '',
    phone: profile?.phone ?? '',
    domainName: initialContactDomain(typeof location === 'undefined' ? '' : location.search),
    comments: '',
    budget: '',
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const send = useSendContact(form);

  const onSubmit = async (values: ContactFormOutput) => {
    const answer = await send.run({
      name: values.name,
      email: values.email,
      phone: values.phone,
      domainName: values.domainName,
      comments: values.comments,
      budget: values.budget === undefined ? '' : String(values.budget / 100),
      locale: i18n.locale === 'zh' ? 'zh' : 'en',
    });
    if (!answer) return;
    notifySuccess(submittedText(answer, i18n));
    goBack();
  };

  const message = (e: { message: string } | undefined) =>
    e ? { message: contactMessage(e.message, i18n) } : undefined;

  return (
    <section className={layout.narrow} aria-labelledby="contact-title">
      <header>
        <h1 id="contact-title" className={layout.heading}>
          <Trans>Contact Us</Trans>
        </h1>
        <p className={layout.lead}>
          <Trans>
            Tell us about the domain name you have in mind. One of our agents will get back to you within one
            business day or less.
          </Trans>
        </p>
      </header>
      <form className={`${formStyles.form} ${layout.card}`} onSubmit={handleSubmit(onSubmit)} noValidate>
        <div className={layout.fields}>
          <TextField
            label={t`Name`}
            autoComplete="name"
            registration={register('name')}
            error={message(errors.name)}
          />
          <EmailField registration={register('email')} error={message(errors.email)} />
          <PhoneField
            label={t`Phone number`}
            registration={register('phone')}
            error={message(errors.phone)}
          />
          <TextField
            label={t`Domain name`}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            registration={register('domainName')}
            error={message(errors.domainName)}
            hint={t`With its extension, e.g. example.com`}
          />
          <TextField
            label={t`Budget (USD)`}
            inputMode="decimal"
            autoComplete="off"
            optional
            registration={register('budget')}
            error={message(errors.budget)}
          />
          <div className={layout.wide}>
            <FieldFrame label={t`Message`} error={message(errors.comments)}>
              {({ id, describedBy }) => (
                <textarea
                  id={id}
                  rows={5}
                  maxLength={5000}
                  className={`${formStyles.input} ${styles.textarea}`}
                  aria-invalid={errors.comments ? true : undefined}
                  aria-describedby={describedBy}
                  {...register('comments')}
                />
              )}
            </FieldFrame>
          </div>
        </div>
        <div className={formStyles.actions}>
          <SubmitButton busy={send.pending}>
            {send.pending ? <Trans>Sending…</Trans> : <Trans>Submit</Trans>}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

export default ContactPage;
