import { Trans } from '@lingui/react/macro';
import { LegalSection, LegalText, type LegalTextProps, PrivacyContactSection } from './LegalSection.tsx';

export function BuyerPrivacyTitle() {
  return <Trans>Buyer Privacy Policy</Trans>;
}

/** What the buyer side collects, why, for how long, and the buyer's rights (text only). */
export default function BuyerPrivacy(props: LegalTextProps) {
  return (
    <LegalText {...props}>
      <LegalSection title={<Trans>1. Who we are</Trans>}>
        <p>
          <Trans>
            Domain Broker provides domain appraisals and brokerage for buyers. This policy explains what
            personal data we collect when you use the site as a visitor or buyer, and how we handle it.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>2. What we collect</Trans>}>
        <ul>
          <li>
            <Trans>
              Account data: your name, email address, phone number, contact preference and password (stored
              only in a scrambled, non-reversible form).
            </Trans>
          </li>
          <li>
            <Trans>
              Contact data: the messages you send us and your exchanges with your broker, including the
              domains you want and your budget.
            </Trans>
          </li>
          <li>
            <Trans>
              Payment data: card payments are handled by our card processor. We never see or store your full
              card number; we keep a payment reference, the amount and its status.
            </Trans>
          </li>
          <li>
            <Trans>Appraisal history: the domains you appraise and the results we gave you.</Trans>
          </li>
          <li>
            <Trans>
              Registrar referral data: if a partner registrar sent you to us, its identifier, the domain you
              were looking at and the visit.
            </Trans>
          </li>
          <li>
            <Trans>
              Technical data: your IP address and approximate country, used to check that the service is
              available where you are and to block automated abuse, and browser storage that keeps you signed
              in.
            </Trans>
          </li>
        </ul>
      </LegalSection>

      <LegalSection title={<Trans>3. Why we use it</Trans>}>
        <ul>
          <li>
            <Trans>
              To run your account, provide appraisals and carry out the brokerage you hired us for.
            </Trans>
          </li>
          <li>
            <Trans>To take payments, issue refunds and keep the accounting records the law requires.</Trans>
          </li>
          <li>
            <Trans>To pay partner registrars the commission they earn on customers they referred.</Trans>
          </li>
          <li>
            <Trans>To protect the service against fraud and bots.</Trans>
          </li>
          <li>
            <Trans>
              To send you news about our services, only if you agreed; every email has an unsubscribe link.
            </Trans>
          </li>
        </ul>
      </LegalSection>

      <LegalSection title={<Trans>4. Who we share it with</Trans>}>
        <p>
          <Trans>
            We share data only with the people and services needed to deliver what you asked for: your broker,
            our card processor, our email provider, the escrow service for a purchase, and the registrar that
            referred you (which learns only that you signed up or bought, not your messages). We never sell
            your personal data.
          </Trans>
        </p>
        <p>
          <Trans>Domain owners learn who you are only if you agree.</Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>5. How long we keep it</Trans>}>
        <p>
          <Trans>
            We keep account, appraisal and brokerage data while your account is open. When you close it we
            delete or anonymise it within 30 days, except payment records, which we keep as long as tax and
            accounting law requires.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>6. Your rights</Trans>}>
        <p>
          <Trans>
            You can ask to see the data we hold about you, correct it, export it or delete it, and you can
            object to marketing at any time. You can update your profile yourself; for anything else, write to
            us. You may also complain to your data-protection authority.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>7. Security</Trans>}>
        <p>
          <Trans>
            Data travels over encrypted connections, access by our staff is limited to what their role needs,
            and sign-in sessions end after 60 minutes without activity.
          </Trans>
        </p>
      </LegalSection>

      <PrivacyContactSection title={<Trans>8. Contact</Trans>} />
    </LegalText>
  );
}
