import { type BrokerLeadDetail, CloseLeadBody } from '@domain-broker/shared/schemas/broker';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { ConfirmDialog } from '#portal/components/confirm-dialog.tsx';
import { FieldFrame, FormError, formStyles, TextAreaField, TextField } from '#portal/components/form.tsx';
import { type CloseInput, closeLead } from '../api/broker.ts';
import { fieldError, moneyOfCents } from '../messages.ts';
import { channelOf, commissionPreview, occurredAtOf, todayInput } from '../rules.ts';
import { useFieldErrors, useLeadWrite } from '../use-write.ts';
import styles from '../workspace.module.css';
import { Card } from './card.tsx';

type Outcome = CloseInput['outcome'];
const CLOSE_FIELDS = ['soldDate', 'soldPrice', 'reason'];

/**
 * Closing a paid lead (docs/product.md "Staff workspace"): sold with date and price (the commission previewed live from the
 * pricing module for the lead's channel, decision A19), canceled with a reason, or declined with a
 * reason (the initial fee is refunded). Each asks in a dialog first.
 */
export function CloseActions({ lead }: { lead: BrokerLeadDetail }) {
  const [open, setOpen] = useState<Outcome | null>(null);
  return (
    <Card id="lead-close" title={<Trans>Close the Lead</Trans>}>
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={() => setOpen('sold')}>
          <Trans>Mark Sold</Trans>
        </button>
        <button type="button" className={styles.secondary} onClick={() => setOpen('canceled')}>
          <Trans>Cancel Lead</Trans>
        </button>
        <button type="button" className={styles.danger} onClick={() => setOpen('declined')}>
          <Trans>Decline and Refund</Trans>
        </button>
      </div>
      {open ? <CloseDialog lead={lead} outcome={open} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}

function CloseDialog({
  lead,
  outcome,
  onClose,
}: {
  lead: BrokerLeadDetail;
  outcome: Outcome;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const today = todayInput();
  const [soldDay, setSoldDay] = useState(today);
  const [price, setPrice] = useState('');
  const [reason, setReason] = useState('');
  const { errors, setErrors, check, form: serverErrors } = useFieldErrors(CLOSE_FIELDS);
  const previewId = useId();
  const write = useLeadWrite(lead.UID, (body: CloseInput) => closeLead(lead.UID, body), {
    returnsLead: true,
    fallback: msg`Lead updated successfully`,
    form: serverErrors,
    onDone: onClose,
  });
  const channel = channelOf(lead);
  const preview = outcome === 'sold' ? commissionPreview(price, channel) : null;
  const shown = (name: string) => fieldError(i18n, errors[name]);

  const title =
    outcome === 'sold'
      ? t`Mark ${lead.domainName} Sold`
      : outcome === 'canceled'
        ? t`Cancel ${lead.domainName}`
        : t`Decline ${lead.domainName} and Refund`;

  const submit = (e?: React.FormEvent) => {
    e?.preventDefault();
    let body: CloseInput;
    if (outcome === 'sold') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(soldDay) || soldDay > today) {
        setErrors({
          soldDate: {
            message: soldDay > today ? 'The date cannot be in the future.' : 'Please enter the sale date.',
          },
        });
        return;
      }
      body = { outcome, soldDate: occurredAtOf(soldDay), soldPrice: price };
    } else {
      body = { outcome, reason };
    }
    if (check(CloseLeadBody, body)) write.run(body);
  };

  return (
    <ConfirmDialog
      title={title}
      busy={write.pending}
      onConfirm={() => submit()}
      onClose={onClose}
      confirmLabel={
        outcome === 'sold' ? (
          <Trans>Confirm Sale</Trans>
        ) : outcome === 'canceled' ? (
          <Trans>Confirm Cancel</Trans>
        ) : (
          <Trans>Confirm Decline and Refund</Trans>
        )
      }
      cancelLabel={<Trans>Go Back</Trans>}
    >
      <form className={formStyles.form} noValidate onSubmit={submit}>
        {outcome === 'sold' ? (
          <>
            <TextField
              label={t`Sale date`}
              type="date"
              max={today}
              value={soldDay}
              onChange={(e) => setSoldDay(e.target.value)}
              error={shown('soldDate')}
            />
            <FieldFrame label={t`Sale price (USD)`} error={shown('soldPrice')}>
              {({ id, describedBy }) => (
                <input
                  id={id}
                  className={formStyles.input}
                  inputMode="decimal"
                  value={price}
                  data-autofocus
                  aria-invalid={errors.soldPrice ? true : undefined}
                  aria-describedby={[previewId, describedBy].filter(Boolean).join(' ')}
                  onChange={(e) => setPrice(e.target.value)}
                />
              )}
            </FieldFrame>
            <p id={previewId} className={styles.preview} aria-live="polite" data-testid="commission-preview">
              {preview ? (
                preview.rule === 'minimum' ? (
                  <Trans>
                    Commission: {moneyOfCents(i18n, preview.cents)} (the minimum; {preview.percent}% would be
                    less)
                  </Trans>
                ) : (
                  <Trans>
                    Commission: {moneyOfCents(i18n, preview.cents)} ({preview.percent}% of the price)
                  </Trans>
                )
              ) : channel === 'registrar' ? (
                <Trans>A registrar's customer pays 20% of the price on top.</Trans>
              ) : (
                <Trans>A direct buyer pays 15% of the price, at least 250.00 USD.</Trans>
              )}
            </p>
          </>
        ) : (
          <>
            <p>
              {outcome === 'declined' ? (
                <Trans>The buyer's initial fee is refunded and they are told your reason.</Trans>
              ) : (
                <Trans>The lead closes without a sale and the buyer is told your reason.</Trans>
              )}
            </p>
            <TextAreaField
              label={t`Reason`}
              maxLength={2000}
              value={reason}
              data-autofocus
              onChange={(e) => setReason(e.target.value)}
              error={shown('reason')}
            />
          </>
        )}
        <FormError>{write.error}</FormError>
      </form>
    </ConfirmDialog>
  );
}
