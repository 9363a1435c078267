import { Trans } from '@lingui/react/macro';
import status from '../shared/status.module.css';
import { StatusArt, StatusPage } from '../shared/status-page.tsx';
import ui from '../shared/ui.module.css';
import { phoneHref, useSupportContact } from '../support.ts';

function GlobeArt() {
  return (
    <StatusArt backdrop="var(--color-brand-soft)">
      <circle cx="48" cy="48" r="28" fill="none" stroke="var(--color-brand)" strokeWidth="4" />
      <ellipse cx="48" cy="48" rx="12" ry="28" fill="none" stroke="var(--color-brand)" strokeWidth="3" />
      <path d="M20 48h56M24 34h48M24 62h48" stroke="var(--color-brand)" strokeWidth="3" />
      <path d="M22 22l52 52" stroke="var(--color-danger)" strokeWidth="6" strokeLinecap="round" />
    </StatusArt>
  );
}

/** Shown when the API answers 307: the service is not offered in the visitor's country or region. */
export default function BlockedCountryPage() {
  const { phone, email } = useSupportContact();
  return (
    <StatusPage
      id="blocked-title"
      art={<GlobeArt />}
      title={<Trans>Our service is not available in your area</Trans>}
      text={
        <Trans>
          We are sorry: Domain Broker cannot currently offer its services in the country or region you are
          visiting from.
        </Trans>
      }
      fullscreen
    >
      <p className={status.contact}>
        <Trans>
          Questions? Call or text us at{' '}
          <a href={phoneHref(phone)} className={ui.link}>
            {phone}
          </a>{' '}
          or write to{' '}
          <a href={`mailto:${email}`} className={ui.link}>
            {email}
          </a>
          .
        </Trans>
      </p>
      <div className={status.actions}>
        <a href={phoneHref(phone)} className={ui.button}>
          <Trans>Call Us</Trans>
        </a>
        <a href={phoneHref(phone, 'sms')} className={ui.buttonSecondary}>
          <Trans>Send a Text</Trans>
        </a>
      </div>
    </StatusPage>
  );
}
