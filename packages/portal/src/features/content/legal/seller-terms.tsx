import { PRICE_TEXT } from '@domain-broker/shared/pricing';
import { Trans } from '@lingui/react/macro';
import { useSupportContact } from '../support.ts';
import { LegalSection, LegalText, type LegalTextProps } from './LegalSection.tsx';

/** The figures in this page's texts (packages/shared/src/pricing.ts). */
const { sellerCommissionPercent: sellerPercent, sellerCommissionMinimum: sellerMinimum } = PRICE_TEXT;

export function SellerTermsTitle() {
  return <Trans>Seller Terms and Conditions</Trans>;
}

/** The seller brokerage agreement (text only). */
export default function SellerTerms(props: LegalTextProps) {
  const { email, phone } = useSupportContact();
  return (
    <LegalText {...props}>
      <LegalSection title={<Trans>1. About these terms</Trans>}>
        <p>
          <Trans>
            These terms form the brokerage agreement between you, the client who owns the domain names, and
            Domain Broker, the broker, when you submit domains for sale. Submitting a domain means you accept
            them.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>2. The service</Trans>}>
        <p>
          <Trans>
            The broker presents your domains to prospective buyers, answers their inquiries and negotiates the
            sale within the price and minimum quote you give us. You decide whether to accept any offer.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>3. Commission</Trans>}>
        <p>
          <Trans>
            For each domain sold, the broker's commission is the greater of {sellerPercent} of the sale price
            or {sellerMinimum} USD. It is due when the sale completes and is taken from the proceeds.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>4. Term and holdover</Trans>}>
        <p>
          <Trans>The agreement runs for 90 days from the date you submit the domain.</Trans>
        </p>
        <p>
          <Trans>
            A holdover period of 3 months follows. If during it you sell the domain to a buyer the broker
            introduced or negotiated with during the term, the commission is still due.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>5. Ending early</Trans>}>
        <p>
          <Trans>The broker may end the agreement at any time by giving you one week's notice.</Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>6. Sales pages</Trans>}>
        <p>
          <Trans>
            Within 5 business days of submitting a domain, you point it to our sales pages by setting the name
            servers we give you, and keep it pointed there for the term of the agreement.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>7. Escrow</Trans>}>
        <p>
          <Trans>
            Payment and transfer go through an escrow service. The buyer pays the escrow fee; where the buyer
            does not, the broker pays it.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>8. Your commitments</Trans>}>
        <ul>
          <li>
            <Trans>You own each domain you submit, or are authorised to sell it.</Trans>
          </li>
          <li>
            <Trans>The domains are free of disputes or claims that would prevent a transfer.</Trans>
          </li>
          <li>
            <Trans>Once escrow confirms the buyer's payment, you transfer the domain promptly.</Trans>
          </li>
        </ul>
      </LegalSection>

      <LegalSection title={<Trans>9. Governing law</Trans>}>
        <p>
          <Trans>
            This agreement is governed by the laws of the State of Florida. Disputes are heard in the courts
            of Hillsborough County, Florida.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>10. Contact</Trans>}>
        <p>
          <Trans>
            Questions about these terms: {email} or {phone}.
          </Trans>
        </p>
      </LegalSection>
    </LegalText>
  );
}
