/**
 * The admin's reconciliation (decision B10; the wire in
 * packages/shared/src/schemas/reconciliation.ts): a month of our payments and refunds against what the
 * payment provider reports for the same period, matched by the provider's payment id.
 *
 * Our side: card payments of the payments table made through the configured provider (promo payments
 * never reach a provider) that succeeded in the month, and the refunds of those made in the month. The
 * provider's side: PaymentProvider.listLedger (Stripe's balance transactions, or the sandbox's ledger).
 * A line on one side only, a different amount, or provider money our record contradicts is a mismatch.
 */
import { AppError } from '@domain-broker/shared/errors';
import {
  FUTURE_MONTH_MESSAGE,
  isFutureMonth,
  type Mismatch,
  type MismatchType,
  monthOf,
  monthPeriod,
  type Reconciliation,
  type ReconciliationLine,
  type ReconciliationQuery,
  type ReconciliationTotals,
} from '@domain-broker/shared/schemas/reconciliation';
import { and, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import { leads, payments } from '#server/db/schema/index.ts';
import type { Services } from '#server/deps.ts';
import {
  type LedgerLine,
  PaymentProviderUnavailableError,
  PaymentRequestError,
} from '#server/lib/payments/index.ts';

/** Signed cents as the wire's dollars: 1995 → "19.95", -1995 → "-19.95". */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

interface Line {
  id: string;
  kind: 'payment' | 'refund';
  paymentId: string;
  amountCents: number;
  feeCents: number | null;
  at: Date;
  status?: string;
  domainName?: string;
  mismatch?: MismatchType;
}

const keyOf = (l: { kind: string; paymentId: string }) => `${l.kind}:${l.paymentId}`;

function totalsOf(lines: readonly Line[]): ReconciliationTotals {
  let gross = 0;
  let refunds = 0;
  let fees = 0;
  let paymentCount = 0;
  let refundCount = 0;
  for (const l of lines) {
    if (l.kind === 'payment') {
      gross += l.amountCents;
      paymentCount++;
    } else {
      refunds += -l.amountCents;
      refundCount++;
    }
    fees += l.feeCents ?? 0;
  }
  return {
    gross: dollars(gross),
    refunds: dollars(refunds),
    fees: dollars(fees),
    net: dollars(gross - refunds - fees),
    payments: paymentCount,
    refundCount,
  };
}

const wire = (l: Line): ReconciliationLine => ({
  id: l.id,
  kind: l.kind,
  paymentId: l.paymentId,
  amount: dollars(l.amountCents),
  fee: l.feeCents === null ? null : dollars(l.feeCents),
  net: dollars(l.amountCents - (l.feeCents ?? 0)),
  at: l.at.toISOString(),
  ...(l.status ? { status: l.status } : {}),
  ...(l.domainName ? { domainName: l.domainName } : {}),
  ...(l.mismatch ? { mismatch: l.mismatch } : {}),
});

const byTime = (a: Line, b: Line) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id);

/** What the provider reports, or a 503 that says the provider could not be asked. */
async function reported(s: Services, period: { from: Date; to: Date }): Promise<LedgerLine[]> {
  try {
    return await s.payments.listLedger(period);
  } catch (err) {
    if (err instanceof PaymentProviderUnavailableError || err instanceof PaymentRequestError) {
      s.logger.warn({ err: err.message }, 'reconciliation: the payment provider could not be asked');
      throw new AppError('SERVICE_UNAVAILABLE', {
        message: 'The payment provider cannot be reached right now. Please try again in a few minutes.',
      });
    }
    throw err;
  }
}

/** Our payments through this provider that succeeded in the period, or our refunds made in it. */
async function ourLines(
  s: Services,
  method: string,
  period: { from: Date; to: Date },
  kind: 'payment' | 'refund',
): Promise<Line[]> {
  const at = kind === 'payment' ? payments.succeededAt : payments.refundedAt;
  const rows = await s.db
    .select({
      uid: payments.uid,
      paymentId: payments.providerPaymentId,
      refundId: payments.providerRefundId,
      amountCents: payments.amountCents,
      status: payments.status,
      at,
      domainName: leads.domainName,
    })
    .from(payments)
    .innerJoin(leads, eq(leads.uid, payments.leadUid))
    .where(
      and(
        eq(payments.method, method),
        isNotNull(payments.providerPaymentId),
        kind === 'refund' ? eq(payments.status, 'refunded') : undefined,
        gte(at, period.from),
        lt(at, period.to),
      ),
    );
  return rows.map((p) => ({
    id: kind === 'payment' ? p.uid : (p.refundId ?? `${p.uid}-refund`),
    kind,
    paymentId: p.paymentId as string,
    amountCents: kind === 'payment' ? p.amountCents : -p.amountCents,
    feeCents: null,
    at: p.at as Date,
    status: p.status,
    domainName: p.domainName,
  }));
}

export async function reconcile(s: Services, query: ReconciliationQuery, now: Date): Promise<Reconciliation> {
  const month = query.month || monthOf(now);
  if (isFutureMonth(month, now))
    throw new AppError('VALIDATION_FAILED', {
      message: FUTURE_MONTH_MESSAGE,
      errors: [{ field: 'month', message: FUTURE_MONTH_MESSAGE }],
    });
  const period = monthPeriod(month);
  const provider = s.payments;
  const method = provider.name;

  const ours: Line[] = [
    ...(await ourLines(s, method, period, 'payment')),
    ...(await ourLines(s, method, period, 'refund')),
  ].sort(byTime);

  const theirs: Line[] = (await reported(s, period))
    .map((l) => ({
      id: l.id,
      kind: l.kind,
      // A line the provider cannot tie to a payment matches nothing of ours.
      paymentId: l.paymentId ?? l.id,
      amountCents: l.amountCents,
      feeCents: l.feeCents,
      at: l.created,
    }))
    .sort(byTime);

  // The provider may split one refund in several lines: compare the sums per payment and kind.
  const theirSums = new Map<string, { amount: number; fee: number }>();
  for (const l of theirs) {
    const sum = theirSums.get(keyOf(l)) ?? { amount: 0, fee: 0 };
    sum.amount += l.amountCents;
    sum.fee += l.feeCents ?? 0;
    theirSums.set(keyOf(l), sum);
  }
  const ourKeys = new Set(ours.map(keyOf));
  const flagged = new Map<string, MismatchType>();
  const mismatches: Mismatch[] = [];
  let matched = 0;

  for (const l of ours) {
    const sum = theirSums.get(keyOf(l));
    if (!sum) {
      flagged.set(keyOf(l), 'missing_at_provider');
      mismatches.push({
        type: 'missing_at_provider',
        kind: l.kind,
        paymentId: l.paymentId,
        ours: dollars(l.amountCents),
        provider: null,
      });
      continue;
    }
    l.feeCents = sum.fee;
    if (sum.amount !== l.amountCents) {
      flagged.set(keyOf(l), 'amount_differs');
      mismatches.push({
        type: 'amount_differs',
        kind: l.kind,
        paymentId: l.paymentId,
        ours: dollars(l.amountCents),
        provider: dollars(sum.amount),
      });
    } else matched++;
  }

  // Provider lines with nothing of ours this month: our record of that payment, whatever its month,
  // says whether it is absent or contradicts the provider.
  const unknown = [...theirSums.keys()].filter((k) => !ourKeys.has(k));
  const unknownIds = [...new Set(unknown.map((k) => k.slice(k.indexOf(':') + 1)))];
  const recorded = new Map(
    unknownIds.length
      ? (
          await s.db
            .select({ paymentId: payments.providerPaymentId, status: payments.status })
            .from(payments)
            .where(inArray(payments.providerPaymentId, unknownIds))
        ).map((p) => [p.paymentId as string, p.status])
      : [],
  );
  for (const key of unknown) {
    const [kind, paymentId] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)] as [
      'payment' | 'refund',
      string,
    ];
    const status = recorded.get(paymentId);
    const contradicts =
      status !== undefined &&
      (kind === 'payment' ? status !== 'succeeded' && status !== 'refunded' : status !== 'refunded');
    const type: MismatchType = contradicts ? 'status_differs' : 'missing_in_ours';
    flagged.set(key, type);
    mismatches.push({
      type,
      kind,
      paymentId,
      ours: null,
      provider: dollars(theirSums.get(key)?.amount ?? 0),
      ...(contradicts ? { ourStatus: status } : {}),
    });
  }

  for (const l of [...ours, ...theirs]) {
    const type = flagged.get(keyOf(l));
    if (type) l.mismatch = type;
  }

  return {
    month,
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    provider: { name: provider.name, testMode: provider.testMode },
    ours: { lines: ours.map(wire), totals: totalsOf(ours) },
    reported: { lines: theirs.map(wire), totals: totalsOf(theirs) },
    mismatches,
    matched,
  };
}
