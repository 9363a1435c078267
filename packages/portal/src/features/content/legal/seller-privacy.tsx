import { Trans } from '@lingui/react/macro';
import { LegalSection, LegalText, type LegalTextProps, PrivacyContactSection } from './LegalSection.tsx';

export function SellerPrivacyTitle() {
  return <Trans>Seller Privacy Policy</Trans>;
}

/** What the seller side collects, why, for how long, and the seller's rights (text only). */
export default function SellerPrivacy(props: LegalTextProps) {
  return (
    <LegalText {...props}>
      <LegalSection title={<Trans>1. Who we are</Trans>}>
        <p>
          <Trans>
            Domain Broker sells domain names on behalf of their owners. This policy explains what personal
            data we collect when you submit domains for sale, and how we handle it.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>2. What we collect</Trans>}>
        <ul>
          <li>
            <Trans>Contact data: your name, email address and phone number.</Trans>
          </li>
          <li>
            <Trans>
              Listing data: the domains you submit, your asking price and minimum quote, your comments, and
              the appraisal values you brought with you.
            </Trans>
          </li>
          <li>
            <Trans>Referral data: the page or partner that sent you to us.</Trans>
          </li>
          <li>
            <Trans>
              Sales-page data: visits to your domains' sales pages and the offers buyers make there.
            </Trans>
          </li>
          <li>
            <Trans>
              Payment data: the details needed to pay you the proceeds of a sale, through the escrow service.
            </Trans>
          </li>
        </ul>
      </LegalSection>

      <LegalSection title={<Trans>3. Why we use it</Trans>}>
        <ul>
          <li>
            <Trans>To market your domains, pass on offers and negotiate sales.</Trans>
          </li>
          <li>
            <Trans>To contact you about offers and your listings, by the means you prefer.</Trans>
          </li>
          <li>
            <Trans>To complete sales through escrow and keep the records the law requires.</Trans>
          </li>
        </ul>
      </LegalSection>

      <LegalSection title={<Trans>4. Who we share it with</Trans>}>
        <p>
          <Trans>
            Buyers see the domain and its price, not your contact details, until a sale is agreed. The escrow
            service receives what it needs to complete a sale. We never sell your personal data.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>5. How long we keep it</Trans>}>
        <p>
          <Trans>
            We keep listing data for the term of the agreement and its holdover period, and sale records as
            long as tax and accounting law requires. You can ask us to delete the rest at any time.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>6. Your rights</Trans>}>
        <p>
          <Trans>
            You can ask to see, correct, export or delete your data, and object to marketing at any time. You
            may also complain to your data-protection authority.
          </Trans>
        </p>
      </LegalSection>

      <PrivacyContactSection title={<Trans>7. Contact</Trans>} />
    </LegalText>
  );
}
