/**
 * How the broker's work on a lead reads on the wire (packages/shared/src/schemas/broker.ts): timeline
 * entries, the market analysis, the agreement's dates and the sale. Shared by the buyer's lead answers
 * (service.ts presentLeads) and the broker workspace (consultant/service.ts), so both say the same
 * thing. It lives with the lead's tables, so the consultant module depends on the leads module and
 * never the other way round (docs/architecture.md "Module boundaries").
 */
import { agreementOf } from '@domain-broker/shared/agreement';
import { buyerCommission, centsToOfferAmount } from '@domain-broker/shared/pricing';
import type {
  AgreementView,
  ContactChannel,
  MarketAnalysis,
  Sale,
  TimelineEntry,
} from '@domain-broker/shared/schemas/broker';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { type leads, leadTimelineEntries, roles, userRoles, users } from '#server/db/schema/index.ts';
import { buyerName } from '#server/lib/mail/recipients.ts';

type LeadRow = typeof leads.$inferSelect;
type EntryRow = typeof leadTimelineEntries.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
export const dollarsOf = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : centsToOfferAmount(cents);
/** A person's name in the workspace: the same rule as a staff mail's (`buyerName`), the address if none. */
export const fullName = (u: { firstName: string; lastName: string; email?: string }) =>
  buyerName({ firstName: u.firstName, lastName: u.lastName, email: u.email ?? '' });

/** The agreement of a lead at `now` (packages/shared/src/agreement.ts); null while unpaid. */
export function agreementView(row: LeadRow, now: Date): AgreementView | null {
  const a = agreementOf(
    {
      paidAt: row.paidAt,
      soldAt: row.soldAt,
      closedAt: row.status === 'sold' ? null : row.closedAt,
      stopRequestedAt: row.serviceStopRequestedAt,
      lastOnBehalfAt: row.lastOnBehalfAt,
    },
    now,
  );
  if (!a) return null;
  return {
    start: a.start.toISOString(),
    termEnd: a.termEnd.toISOString(),
    phase: a.phase,
    serviceEnd: iso(a.serviceEnd),
    tailEnd: iso(a.tailEnd),
    canStop: a.canStop,
    stopRequestedAt: iso(row.serviceStopRequestedAt),
  };
}

/** The market analysis as written by the broker; null before the broker wrote one. */
export function analysisView(row: LeadRow): MarketAnalysis | null {
  if (!row.marketAnalysisUpdatedAt) return null;
  return {
    value: dollarsOf(row.marketValueCents),
    low: dollarsOf(row.marketLowCents),
    high: dollarsOf(row.marketHighCents),
    ownerNotes: row.ownerNotes,
    expectedTimeline: row.expectedTimeline,
    updatedAt: iso(row.marketAnalysisUpdatedAt),
  };
}

/** The sale of a sold lead: price and the commission stored with its channel (decision A19). */
export function saleView(row: LeadRow): Sale | null {
  if (row.status !== 'sold' || row.soldPriceCents === null || row.commissionCents === null) return null;
  const channel = row.commissionChannel === 'registrar' ? 'registrar' : 'direct';
  // The stored commission is what was agreed; the rule is the pricing module's for that price and channel.
  const rule = buyerCommission(row.soldPriceCents, channel);
  return {
    soldDate: (row.soldAt ?? row.closedAt ?? row.updatedAt).toISOString(),
    price: dollarsOf(row.soldPriceCents),
    commission: dollarsOf(row.commissionCents),
    commissionRule: rule.rule,
    commissionPercent: rule.percent,
    channel,
  };
}

/** Who wrote each entry: names, and which authors are consultants. */
async function authorsOf(db: DbOrTx, entries: EntryRow[]) {
  const ids = [...new Set(entries.map((e) => e.authorUid).filter((x): x is string => !!x))];
  if (!ids.length) return { names: new Map<string, string>(), consultants: new Set<string>() };
  const [people, consultantRows] = await Promise.all([
    db
      .select({ uid: users.uid, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.uid, ids)),
    db
      .select({ uid: userRoles.userUid })
      .from(userRoles)
      .innerJoin(roles, eq(roles.uid, userRoles.roleUid))
      .where(and(inArray(userRoles.userUid, ids), eq(roles.roleType, 'Consultant'))),
  ]);
  return {
    names: new Map(people.map((p) => [p.uid, fullName(p)])),
    consultants: new Set(consultantRows.map((r) => r.uid)),
  };
}

/** The wire form of entries; `buyerUid` of each entry's lead tells the buyer's own messages apart. */
export async function presentEntries(
  db: DbOrTx,
  entries: EntryRow[],
  buyerOf: (leadUid: string) => string | undefined,
): Promise<TimelineEntry[]> {
  const { names, consultants } = await authorsOf(db, entries);
  return entries.map((e) => {
    const role: TimelineEntry['author']['role'] =
      e.kind === 'buyer_message' || (e.authorUid && e.authorUid === buyerOf(e.leadUid))
        ? 'buyer'
        : e.authorUid && consultants.has(e.authorUid)
          ? 'broker'
          : 'staff';
    return {
      UID: e.uid,
      kind: e.kind,
      channel: (e.channel as ContactChannel | null) ?? null,
      amount: dollarsOf(e.amountCents),
      note: e.note,
      buyerVisible: e.buyerVisible,
      occurredAt: e.occurredAt.toISOString(),
      createdAt: e.createdAt.toISOString(),
      author: { name: (e.authorUid && names.get(e.authorUid)) || '', role },
    };
  });
}

/**
 * The timelines of the leads, oldest first. `visibleOnly`: what a buyer may read (buyer-visible entries
 * and their own messages); internal entries never leave the server for a buyer.
 */
export async function timelinesOf(
  db: DbOrTx,
  rows: LeadRow[],
  visibleOnly: boolean,
): Promise<Map<string, TimelineEntry[]>> {
  const byLead = new Map<string, TimelineEntry[]>();
  if (!rows.length) return byLead;
  const ids = rows.map((r) => r.uid);
  const entries = await db
    .select()
    .from(leadTimelineEntries)
    .where(
      visibleOnly
        ? and(inArray(leadTimelineEntries.leadUid, ids), eq(leadTimelineEntries.buyerVisible, true))
        : inArray(leadTimelineEntries.leadUid, ids),
    )
    .orderBy(asc(leadTimelineEntries.occurredAt), asc(leadTimelineEntries.createdAt));
  const buyers = new Map(rows.map((r) => [r.uid, r.userUid]));
  const presented = await presentEntries(db, entries, (l) => buyers.get(l));
  presented.forEach((entry, i) => {
    const leadUid = entries[i]!.leadUid;
    const list = byLead.get(leadUid) ?? [];
    list.push(entry);
    byLead.set(leadUid, list);
  });
  return byLead;
}
