import { type BrokerLeadDetail, CloseLeadBody } from '@domain-broker/shared/schemas/broker';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { ConfirmDialog } from '#portal/components/confirm-dialog.tsx';
import { FieldFrame, FormError, formStyles, TextAreaField, TextField } from '#portal/components/form.tsx';
import { payloadSchema, useSchemaForm } from '#portal/lib/schema-form.ts';
import { type CloseInput, closeLead } from '../api/broker.ts';
import { fieldError, moneyOfCents } from '../messages.ts';
import { channelOf, commissionPreview, occurredAtOf, todayInput } from '../rules.ts';
import { useLeadWrite } from '../use-write.ts';
import styles from '../workspace.module.css';
import { Card } from './card.tsx';

type Outcome = CloseInput['outcome'];
/** The dialog's fields, named as the payload's (the sale date as the day typed). */
type CloseValues = { soldDate: string; soldPrice: string; reason: string };

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
  const [price, setPrice] = useState('');
  // the form's fields are the payload's; the sale date is a day here and a moment in the payload
  const schema = payloadSchema(CloseLeadBody, (values) =>
    outcome === 'sold'
      ? { outcome, soldDate: occurredAtOf(String(values.soldDate)), soldPrice: values.soldPrice }
      : { outcome, reason: values.reason },
  );
  const form = useSchemaForm<CloseValues, unknown>(schema, { soldDate: today, soldPrice: '', reason: '' });
  const { errors } = form.formState;
  const previewId = useId();
  const write = useLeadWrite(lead.UID, (body: CloseInput) => closeLead(lead.UID, body), {
    returnsLead: true,
    fallback: msg`Lead updated successfully`,
    form,
    onDone: onClose,
  });
  const channel = channelOf(lead);
  const preview = outcome === 'sold' ? commissionPreview(price, channel) : null;
  const shown = (name: keyof CloseValues) => fieldError(i18n, errors[name]);
  const priceField = form.register('soldPrice');

  const title =
    outcome === 'sold'
      ? t`Mark ${lead.domainName} Sold`
      : outcome === 'canceled'
        ? t`Cancel ${lead.domainName}`
        : t`Decline ${lead.domainName} and Refund`;

  const submit = form.handleSubmit(() => {
    const values = form.getValues();
    if (outcome !== 'sold') return write.run({ outcome, reason: values.reason });
    if (values.soldDate > today) {
      form.setError('soldDate', { message: 'The date cannot be in the future.' }, { focus: true });
      return;
    }
    write.run({ outcome, soldDate: occurredAtOf(values.soldDate), soldPrice: values.soldPrice });
  });

  return (
    <ConfirmDialog
      title={title}
      busy={write.pending}
      onConfirm={() => void submit()}
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
      <form className={formStyles.form} noValidate onSubmit={(e) => void submit(e)}>
        {outcome === 'sold' ? (
          <>
            <TextField
              label={t`Sale date`}
              type="date"
              max={today}
              registration={form.register('soldDate')}
              error={shown('soldDate')}
            />
            <FieldFrame label={t`Sale price (USD)`} error={shown('soldPrice')}>
              {({ id, describedBy }) => (
                <input
                  id={id}
                  className={formStyles.input}
                  inputMode="decimal"
                  data-autofocus
                  aria-invalid={errors.soldPrice ? true : undefined}
                  aria-describedby={[previewId, describedBy].filter(Boolean).join(' ')}
                  {...priceField}
                  onChange={(e) => {
                    priceField.onChange(e);
                    setPrice(e.target.value);
                  }}
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
              data-autofocus
              registration={form.register('reason')}
              error={shown('reason')}
            />
          </>
        )}
        <FormError>{write.error}</FormError>
      </form>
    </ConfirmDialog>
  );
}
