import { type BrokerLeadDetail, CloseLeadBody } from '@domain-broker/shared/schemas/broker';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { type CloseInput, closeLead } from '../api/broker.ts';
import { fieldText, moneyOfCents } from '../messages.ts';
import { channelOf, commissionPreview, occurredAtOf, todayInput } from '../rules.ts';
import { useLeadWrite } from '../use-write.ts';
import styles from '../workspace.module.css';

type Outcome = CloseInput['outcome'];

/**
 * Closing a paid lead (issue 13 §3): sold with date and price (the commission previewed live from the
 * pricing module for the lead's channel, decision A19), canceled with a reason, or declined with a
 * reason (the initial fee is refunded). Each asks in a dialog first.
 */
export function CloseActions({ lead }: { lead: BrokerLeadDetail }) {
  const [open, setOpen] = useState<Outcome | null>(null);
  return (
    <section className={styles.card} aria-labelledby="lead-close">
      <h2 id="lead-close">
        <Trans>Close the Lead</Trans>
      </h2>
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
    </section>
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = { date: useId(), price: useId(), reason: useId(), preview: useId() };
  const write = useLeadWrite(lead.UID, (body: CloseInput) => closeLead(lead.UID, body), {
    returnsLead: true,
    fallback: msg`Lead updated successfully`,
    onDone: onClose,
  });
  const channel = channelOf(lead);
  const preview = outcome === 'sold' ? commissionPreview(price, channel) : null;
  const shown = { ...errors, ...write.fieldErrors };

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
          soldDate: fieldText(
            i18n,
            soldDay > today ? 'The date cannot be in the future.' : 'Please enter the sale date.',
          ),
        });
        return;
      }
      body = { outcome, soldDate: occurredAtOf(soldDay), soldPrice: price };
    } else {
      body = { outcome, reason };
    }
    const parsed = v.safeParse(CloseLeadBody, body);
    if (!parsed.success) {
      const flat = v.flatten(parsed.issues);
      const out: Record<string, string> = {};
      for (const [key, list] of Object.entries(flat.nested ?? {})) {
        const first = (list as string[] | undefined)?.[0];
        if (first) out[key] = fieldText(i18n, first);
      }
      if (flat.root?.[0]) out.root = fieldText(i18n, flat.root[0]);
      setErrors(out);
      return;
    }
    setErrors({});
    write.run(body);
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
      <form className={styles.form} noValidate onSubmit={submit}>
        {outcome === 'sold' ? (
          <>
            <div className={styles.field}>
              <label htmlFor={ids.date}>
                <Trans>Sale date</Trans>
              </label>
              <input
                id={ids.date}
                type="date"
                className={styles.input}
                max={today}
                value={soldDay}
                aria-describedby={shown.soldDate ? `${ids.date}-e` : undefined}
                onChange={(e) => setSoldDay(e.target.value)}
              />
              {shown.soldDate ? (
                <p id={`${ids.date}-e`} role="alert" className={styles.fieldError}>
                  {shown.soldDate}
                </p>
              ) : null}
            </div>
            <div className={styles.field}>
              <label htmlFor={ids.price}>
                <Trans>Sale price (USD)</Trans>
              </label>
              <input
                id={ids.price}
                className={styles.input}
                inputMode="decimal"
                value={price}
                data-autofocus
                aria-describedby={`${ids.preview}${shown.soldPrice ? ` ${ids.price}-e` : ''}`}
                onChange={(e) => setPrice(e.target.value)}
              />
              {shown.soldPrice ? (
                <p id={`${ids.price}-e`} role="alert" className={styles.fieldError}>
                  {shown.soldPrice}
                </p>
              ) : null}
            </div>
            <p
              id={ids.preview}
              className={styles.preview}
              aria-live="polite"
              data-testid="commission-preview"
            >
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
            <div className={styles.field}>
              <label htmlFor={ids.reason}>
                <Trans>Reason</Trans>
              </label>
              <textarea
                id={ids.reason}
                className={styles.textarea}
                maxLength={2000}
                value={reason}
                data-autofocus
                aria-describedby={shown.reason ? `${ids.reason}-e` : undefined}
                onChange={(e) => setReason(e.target.value)}
              />
              {shown.reason ? (
                <p id={`${ids.reason}-e`} role="alert" className={styles.fieldError}>
                  {shown.reason}
                </p>
              ) : null}
            </div>
          </>
        )}
        {shown.root || write.error ? (
          <p role="alert" className={styles.fieldError}>
            {shown.root ?? write.error}
          </p>
        ) : null}
      </form>
    </ConfirmDialog>
  );
}
