import { Trans } from '@lingui/react/macro';
import status from '../shared/status.module.css';
import { StatusArt, StatusPage } from '../shared/status-page.tsx';
import ui from '../shared/ui.module.css';
import { useSupportContact } from '../support.ts';

function RobotArt() {
  return (
    <StatusArt backdrop="var(--color-warning-soft)">
      <rect
        x="26"
        y="32"
        width="44"
        height="36"
        rx="8"
        fill="var(--color-surface)"
        stroke="var(--color-warning)"
        strokeWidth="4"
      />
      <circle cx="39" cy="48" r="5" fill="var(--color-warning)" />
      <circle cx="57" cy="48" r="5" fill="var(--color-warning)" />
      <path d="M40 60h16M48 32v-10" stroke="var(--color-warning)" strokeWidth="4" strokeLinecap="round" />
      <circle cx="48" cy="20" r="4" fill="var(--color-warning)" />
    </StatusArt>
  );
}

/** Replaces the whole portal when the API answers 451: the traffic looks automated. */
export default function RobotPage() {
  const { email } = useSupportContact();
  return (
    <StatusPage
      id="robot-title"
      art={<RobotArt />}
      title={<Trans>This activity looks automated</Trans>}
      text={
        <Trans>
          Requests from your connection look like they come from a bot rather than a person, so we have paused
          access to protect our customers.
        </Trans>
      }
      fullscreen
    >
      <h2 className={ui.h3}>
        <Trans>How to continue</Trans>
      </h2>
      <ol className={status.steps}>
        <li>
          <Trans>Wait a few minutes, then reload the page.</Trans>
        </li>
        <li>
          <Trans>
            Turn off tools that automate or speed up browsing, and VPNs or proxies if you use them.
          </Trans>
        </li>
        <li>
          <Trans>Avoid opening many pages or running many appraisals in quick succession.</Trans>
        </li>
        <li>
          <Trans>If you still see this page, write to {email} and tell us what you were doing.</Trans>
        </li>
      </ol>
      <div className={status.actions}>
        <button type="button" className={ui.button} onClick={() => window.location.reload()}>
          <Trans>Reload the Page</Trans>
        </button>
      </div>
    </StatusPage>
  );
}
