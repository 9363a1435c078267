import {
  formatUsd,
  INITIAL_FEE_CENTS,
  REGISTRAR_REFERRED_COMMISSION_PERCENT,
} from '@domain-broker/shared/pricing';
import {
  REGISTRAR_CLAWBACK_DAYS,
  type RegistrarLeadsAnswer,
} from '@domain-broker/shared/schemas/registrar-ledger';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Panel } from '#portal/components/panel.tsx';
import styles from './partner.module.css';

/**
 * How a registrar earns, in plain words (decisions A19, A20), from the rates the
 * server answered, so the words always state what the ledger computes.
 */
export function RulesText({ rates }: { rates: RegistrarLeadsAnswer['rates'] }) {
  const id = useId();
  if (!rates) return null;
  const { percentage, commissionPercentage } = rates;
  const fee = `${formatUsd(INITIAL_FEE_CENTS)} USD`;
  const onTop = REGISTRAR_REFERRED_COMMISSION_PERCENT;
  return (
    <Panel
      id={id}
      title={<Trans>How You Earn</Trans>}
      className={styles.card}
      headingClassName={styles.subtitle}
    >
      <ul className={styles.rules}>
        <li>
          <Trans>
            <strong>Initial fee share:</strong> {percentage}% of the initial fee ({fee}) of every customer you
            refer who pays it, on the day they pay.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Sales commission:</strong> {commissionPercentage}% of our commission on every domain we
            buy for a customer you referred, on the day of the sale. Your customers pay our commission of{' '}
            {onTop}% on top of the price.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>When it is paid:</strong> a month's earnings become payable on the first day of the next
            month. Your monthly statement below shows what is payable and the date we paid it.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Refunds:</strong> if we refund a referred customer's initial fee within{' '}
            {REGISTRAR_CLAWBACK_DAYS} days of their payment, the share it earned you is taken back on the day
            of the refund, even when that is in a later month. A refund after {REGISTRAR_CLAWBACK_DAYS} days
            takes nothing back.
          </Trans>
        </li>
      </ul>
    </Panel>
  );
}
