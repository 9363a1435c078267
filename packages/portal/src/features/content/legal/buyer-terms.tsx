import { PRICE_TEXT } from '@domain-broker/shared/pricing';
import { Trans } from '@lingui/react/macro';
import { useSupportContact } from '../support.ts';
import { LegalSection, LegalText, type LegalTextProps } from './LegalSection.tsx';

/** The figures in this page's texts (packages/shared/src/pricing.ts). */
const {
  initialFee: fee,
  directCommissionPercent: commissionPercent,
  directCommissionMinimum: commissionMinimum,
  socialHandleMinimum: handleMinimum,
} = PRICE_TEXT;

export function BuyerTermsTitle() {
  return <Trans>Buyer Terms and Conditions</Trans>;
}

/** The buyer agreement (text only: the route page and the overlay add their own title). */
export default function BuyerTerms(props: LegalTextProps) {
  const { email, phone } = useSupportContact();
  return (
    <LegalText {...props}>
      <LegalSection title={<Trans>1. About these terms</Trans>}>
        <p>
          <Trans>
            These terms form the agreement between you, the buyer, and Domain Broker ("we", "us") when you
            hire a broker to acquire a domain name that someone else holds. By making the initial payment you
            accept them.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>2. The service</Trans>}>
        <p>
          <Trans>
            We assign you a dedicated broker. For up to 5 domains per consultation, your broker researches the
            registrant, the likely value and a realistic timeline, contacts the owner and negotiates the price
            and terms on your behalf.
          </Trans>
        </p>
        <p>
          <Trans>
            Your consultation covers up to 5 domains in total: the one you start with and up to four
            alternative domains, added at no extra charge. Your broker may accept or decline each alternative
            at his or her discretion.
          </Trans>
        </p>
        <p>
          <Trans>
            We cannot promise that an owner will sell, or at what price. The final decision to buy is always
            yours.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>3. Initial payment</Trans>}>
        <p>
          <Trans>
            The service starts with a one-time initial payment of {fee} USD, by card or with a promo code. It
            includes a free e-book on buying a domain, which can be downloaded at most twice per user.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>4. Commission</Trans>}>
        <p>
          <Trans>
            If you acquire a domain your broker worked on, you pay us a commission equal to the greater of{' '}
            {commissionPercent} of the purchase price or {commissionMinimum} USD. For social-media handles the
            minimum commission is {handleMinimum} USD.
          </Trans>
        </p>
        <p>
          <Trans>
            The commission is in addition to the price paid to the owner and is due when the purchase closes.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>5. Term and holdover</Trans>}>
        <p>
          <Trans>
            The agreement starts on the date of the initial payment. It runs for an initial period of 120 days
            or until you hold the domain, whichever comes first.
          </Trans>
        </p>
        <p>
          <Trans>
            After the initial period the agreement continues in a holdover period for as long as you want the
            service to continue.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>6. Ending the agreement</Trans>}>
        <p>
          <Trans>
            You may end the agreement at the end of the initial period, or at any time during the holdover
            period, by notifying us at {email} or {phone}.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>7. Commission after the agreement ends</Trans>}>
        <p>
          <Trans>
            Your obligation to pay the commission lasts 6 months from the last communication we made on your
            behalf. If within that time you acquire a domain we negotiated for, the commission is due even if
            you complete the purchase directly with the owner.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>8. Refunds</Trans>}>
        <p>
          <Trans>
            We may decline to take on a request. If we do, the initial payment is refunded in full.
          </Trans>
        </p>
        <p>
          <Trans>
            If you bought the service in error, ask us within 7 days of payment and we will refund the initial
            payment. In other cases it is not refundable, because your broker starts work straight away.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>9. Your commitments</Trans>}>
        <ul>
          <li>
            <Trans>Give us accurate contact details and a budget you are able to pay.</Trans>
          </li>
          <li>
            <Trans>
              Tell your broker if the owner contacts you directly, and do not negotiate separately while the
              agreement runs.
            </Trans>
          </li>
          <li>
            <Trans>Use the service and any domain you acquire lawfully.</Trans>
          </li>
        </ul>
      </LegalSection>

      <LegalSection title={<Trans>10. Confidentiality</Trans>}>
        <p>
          <Trans>
            We act as your agent and do not reveal your identity or your budget to the owner without your
            consent.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>11. Liability</Trans>}>
        <p>
          <Trans>
            We do not own the domains we negotiate for and are not responsible for the conduct of owners,
            registrars or escrow services. Our total liability to you is limited to the fees you paid us.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection title={<Trans>12. Law, changes and contact</Trans>}>
        <p>
          <Trans>
            These terms are governed by the laws of the State of Florida, and disputes are heard in the courts
            of Hillsborough County, Florida.
          </Trans>
        </p>
        <p>
          <Trans>
            We may update these terms; the version in force on the date of your initial payment applies to
            your agreement. Questions: {email} or {phone}.
          </Trans>
        </p>
      </LegalSection>
    </LegalText>
  );
}
