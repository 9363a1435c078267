import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import status from '../shared/status.module.css';
import { StatusArt, StatusPage } from '../shared/status-page.tsx';
import ui from '../shared/ui.module.css';
import { useSupportContact } from '../support.ts';

function CompassArt() {
  return (
    <StatusArt backdrop="var(--color-brand-soft)">
      <circle
        cx="48"
        cy="48"
        r="28"
        fill="var(--color-surface)"
        stroke="var(--color-brand)"
        strokeWidth="4"
      />
      <path d="M58 38l-6 14-14 6 6-14z" fill="var(--color-accent)" />
      <circle cx="48" cy="48" r="3" fill="var(--color-surface)" />
    </StatusArt>
  );
}

/** Fallback for paths outside the route table. */
export default function NotFoundPage() {
  const { email } = useSupportContact();
  return (
    <StatusPage
      id="not-found-title"
      art={<CompassArt />}
      title={<Trans>We could not find that page</Trans>}
      text={
        <Trans>
          The link may be old or mistyped. The page you want is probably one click away from our home page.
        </Trans>
      }
    >
      <div className={status.actions}>
        <Link href="/" className={ui.button}>
          <Trans>Go to the Home Page</Trans>
        </Link>
        <Link href="/faq" className={ui.buttonSecondary}>
          <Trans>Read the FAQ</Trans>
        </Link>
      </div>
      <p className={`${status.text} ${status.after}`}>
        <Trans>
          Need a hand? Write to{' '}
          <a href={`mailto:${email}`} className={ui.link}>
            {email}
          </a>
        </Trans>
      </p>
    </StatusPage>
  );
}
