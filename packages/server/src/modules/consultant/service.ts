/**
 * The broker workspace (decisions A16, A19, B2, B4, B5, B8, B11, B16): the broker's leads,
 * the lead page, the market analysis, the negotiation timeline, alternates, closing a lead and the
 * admin's reassignment; and the buyer's side of it (their visible timeline, their messages, stopping
 * the service). Rules live here; routes.ts only translates HTTP.
 *
 * - A Consultant works the leads assigned to them, an Admin every lead. Someone else's lead is
 *   'Lead is not found.' (its existence is not revealed).
 * - Every change writes its lead event in the same transaction (B4), with who and when; mails are
 *   queued in that transaction too, so a refused or rolled-back change mails nothing.
 * - The lead row is locked (FOR UPDATE) by every change, so two parallel requests cannot both move it.
 * - No answer to a buyer carries the broker's email or phone (B5): timeline authors are names only.
 */

import { AppError } from '@domain-broker/shared/errors';
import { buyerCommission, formatUsd } from '@domain-broker/shared/pricing';
import type { RoleType } from '@domain-broker/shared/roles';
import {
  AMOUNT_KINDS,
  addBusinessDays,
  type BrokerLeadDetail,
  type BrokerLeadList,
  type BrokerLeadListQuery,
  type BrokerOption,
  type CloseLeadBody,
  type CreateTimelineEntryBody,
  type DecideOpportunityBody,
  type MarketAnalysisBody,
  ON_BEHALF_KINDS,
  RESPONSE_BUSINESS_DAYS,
  STAGE_EVENT_OF,
  TIMELINE_ERRORS,
  type TimelineEntry,
} from '@domain-broker/shared/schemas/broker';
import type { Lead, LeadStatus } from '@domain-broker/shared/schemas/leads';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { leadEvents, leadOpportunities, leads, roles, userRoles, users } from '#server/db/schema/index.ts';
import type { Services } from '#server/deps.ts';
import { isOptedOut } from '#server/lib/mail/opt-outs.ts';
import { buyerName, mailLocale, type Recipient, recipient } from '#server/lib/mail/recipients.ts';
import type { MailTemplate } from '#server/lib/mail/types.ts';
import { UUID } from '#server/lib/validate.ts';
import { hasRole } from '../auth/middleware.ts';
import {
  agreementView,
  analysisView,
  dollarsOf,
  fullName,
  presentEntries,
  saleView,
  timelinesOf,
} from '../leads/present.ts';
import {
  changeLead,
  insertTimelineEntry,
  type LeadRow,
  mailLeadBroker,
  ownLead,
  presentLeads,
  recordLeadEvent,
  staffLead,
  transitionLead,
  writeLead,
} from '../leads/service.ts';
import { decideOpportunityRow } from '../opportunities/service.ts';
import { mailDate } from '../payments/fulfil.ts';
import { refundLead } from '../payments/refunds.ts';
import type { PaymentServices } from '../payments/service.ts';

/** Who is asking: the signed-in user as the auth module gives it. */
export interface Actor {
  UID: string;
  roles: { role: { roleType: RoleType } }[];
}

export type WorkspaceServices = PaymentServices & Pick<Services, 'enqueueMail' | 'config'>;

const DAY_MS = 86_400_000;
const dashboardUrl = (s: Pick<Services, 'config'>) => `${s.config.publicUrl}/dashboard`;
/** The lead page of the staff workspace (the portal's /dashboard/leads/{id}). */
const leadPageUrl = (s: Pick<Services, 'config'>, leadUid: string) =>
  `${s.config.publicUrl}/dashboard/leads/${leadUid}`;
/** A step or sale dated on a (UTC) day before the lead was paid: the broker was not hired yet. */
const beforePaymentDay = (date: Date, paidAt: Date | null) =>
  paidAt !== null && date.toISOString().slice(0, 10) < paidAt.toISOString().slice(0, 10);

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, errors: [{ field, message }] });

/** A date the broker states may be today in any time zone, not later. */
const FUTURE_SLACK_MS = DAY_MS;

/** The columns a person is named by in the workspace (`fullName` in present.ts falls back to the email). */
const personFields = {
  uid: users.uid,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

// ── access ──────────────────────────────────────────────────────────────────────────────────────────

/** The broker works only a paid lead in progress (status new). */
function assertOpen(lead: LeadRow): void {
  if (lead.status === 'pending' || !lead.paidAt) throw new AppError('LEAD_NOT_PAID');
  if (lead.status !== 'new') throw new AppError('LEAD_CLOSED');
}

// ── the list ────────────────────────────────────────────────────────────────────────────────────────

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /consultant/leads. A Consultant sees their own leads; an Admin everyone's, or one broker's with
 * `consultantUID`. `status` 'open' is status new (the default); 'all' every paid lead.
 *
 * Built for 10,000 leads and more (bench/consultant-leads.bench.ts): the page is read from the leads
 * table alone, in the order of its indexes (consultant and payment date; payment date), and counted by
 * a second query at the same time; the buyer search reads the users table through a subquery. Names
 * and waiting alternates are then fetched for the page's rows only.
 */
export async function listBrokerLeads(
  db: Db,
  actor: Actor,
  q: BrokerLeadListQuery,
  now: Date,
): Promise<BrokerLeadList> {
  const where: SQL[] = [];
  if (!hasRole(actor, ['Admin'])) where.push(eq(leads.consultantUid, actor.UID));
  else if (q.consultantUID)
    where.push(UUID.test(q.consultantUID) ? eq(leads.consultantUid, q.consultantUID) : sql`false`);
  if (q.status === 'open') where.push(eq(leads.status, 'new'));
  else if (q.status === 'all') where.push(isNotNull(leads.paidAt));
  else where.push(eq(leads.status, q.status));
  if (q.overdue === 'true') where.push(and(eq(leads.status, 'new'), lt(leads.responseDueAt, now))!);
  if (q.overdue === 'false')
    where.push(or(ne(leads.status, 'new'), isNull(leads.responseDueAt), gte(leads.responseDueAt, now))!);
  const term = (q.search ?? '').trim();
  if (term) {
    // lower() LIKE rather than ILIKE: the same match, several times faster on a UTF-8 database.
    const like = `%${escapeLike(term.toLowerCase())}%`;
    where.push(
      or(
        sql`lower(${leads.domainName}) like ${like}`,
        inArray(
          leads.userUid,
          db
            .select({ uid: users.uid })
            .from(users)
            .where(
              or(
                sql`lower(${users.email}) like ${like}`,
                sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${like}`,
              ),
            ),
        ),
      )!,
    );
  }
  const filter = and(...where);
  // PostgreSQL's own null order (last ascending, first descending) so the btree indexes serve the sort.
  const dir = q.sortType === 'ASC' ? sql`asc` : sql`desc`;
  const key = {
    paidAt: sql`${leads.paidAt} ${dir}`,
    domainName: sql`${leads.domainName} ${dir}`,
    lastStep: sql`coalesce(${leads.lastVisibleStepAt}, ${leads.paidAt}) ${dir}`,
    status: sql`${leads.status} ${dir}`,
  }[q.sortBy];
  const found = db
    .select({
      uid: leads.uid,
      domainName: leads.domainName,
      status: leads.status,
      paidAt: leads.paidAt,
      lastVisibleStepAt: leads.lastVisibleStepAt,
      responseDueAt: leads.responseDueAt,
      userUid: leads.userUid,
      consultantUid: leads.consultantUid,
      // A search matches few leads: they are counted in the same scan. Otherwise the page comes off
      // an index and a separate count (below, run at the same time) reads only the index.
      total: term ? sql<number>`count(*) over()`.mapWith(Number) : sql<number>`0`.mapWith(Number),
    })
    .from(leads)
    .where(filter)
    .orderBy(key, sql`${leads.uid} ${dir}`)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const countAll = async () => {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(leads)
      .where(filter);
    return c?.n ?? 0;
  };
  let page = [] as Awaited<typeof found>;
  let total = 0;
  if (term) {
    page = await found;
    total = page[0]?.total ?? (q.page > 1 ? await countAll() : 0);
  } else [page, total] = await Promise.all([found, countAll()]);
  const people = [
    ...new Set(page.flatMap((r) => [r.userUid, ...(r.consultantUid ? [r.consultantUid] : [])])),
  ];
  const [persons, counts] = page.length
    ? await Promise.all([
        db.select(personFields).from(users).where(inArray(users.uid, people)),
        db
          .select({ leadUid: leadOpportunities.leadUid, n: sql<number>`count(*)`.mapWith(Number) })
          .from(leadOpportunities)
          .where(
            and(
              inArray(
                leadOpportunities.leadUid,
                page.map((r) => r.uid),
              ),
              eq(leadOpportunities.status, 'pending'),
            ),
          )
          .groupBy(leadOpportunities.leadUid),
      ])
    : [[], []];
  const byUid = new Map(persons.map((p) => [p.uid, p]));
  const waiting = new Map(counts.map((c) => [c.leadUid, c.n]));
  return {
    data: page.map((r) => {
      const since = r.lastVisibleStepAt ?? r.paidAt;
      const buyer = byUid.get(r.userUid);
      const broker = r.consultantUid ? byUid.get(r.consultantUid) : undefined;
      return {
        UID: r.uid,
        domainName: r.domainName,
        buyer: { UID: r.userUid, name: buyer ? fullName(buyer) : '', email: buyer?.email ?? '' },
        consultant: broker ? { UID: broker.uid, name: fullName({ ...broker, email: '' }) } : null,
        status: r.status,
        paidAt: r.paidAt?.toISOString() ?? null,
        alternatesWaiting: waiting.get(r.uid) ?? 0,
        daysSinceLastStep: since ? Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS)) : null,
        overdue: isOverdue(r, now),
        responseDueAt: r.responseDueAt?.toISOString() ?? null,
      };
    }),
    total,
    totalPage: Math.ceil(total / q.limit),
    page: q.page,
  };
}

/** Nothing reached the buyer within two business days of payment or of their last message. */
const isOverdue = (r: { status: LeadStatus; responseDueAt: Date | null }, now: Date) =>
  r.status === 'new' && !!r.responseDueAt && r.responseDueAt.getTime() < now.getTime();

// ── the lead page ───────────────────────────────────────────────────────────────────────────────────

/** GET /consultant/leads/{id}: everything the broker needs to work the lead. */
export async function brokerLeadDetail(db: Db, actor: Actor, leadUid: string, now: Date) {
  return detailOf(db, await staffLead(db, actor, leadUid), now);
}

async function detailOf(db: DbOrTx, lead: LeadRow, now: Date): Promise<BrokerLeadDetail> {
  const people = [lead.userUid, ...(lead.consultantUid ? [lead.consultantUid] : [])];
  const [persons, opportunities, timelines, events] = await Promise.all([
    db
      .select({ ...personFields, phone: users.phone, locale: users.locale })
      .from(users)
      .where(inArray(users.uid, people)),
    db
      .select()
      .from(leadOpportunities)
      .where(eq(leadOpportunities.leadUid, lead.uid))
      .orderBy(asc(leadOpportunities.createdAt), asc(leadOpportunities.uid)),
    timelinesOf(db, [lead], false),
    db
      .select({
        type: leadEvents.type,
        fromStatus: leadEvents.fromStatus,
        toStatus: leadEvents.toStatus,
        createdAt: leadEvents.createdAt,
        actorFirst: users.firstName,
        actorLast: users.lastName,
        actorEmail: users.email,
      })
      .from(leadEvents)
      .leftJoin(users, eq(users.uid, leadEvents.actorUid))
      .where(eq(leadEvents.leadUid, lead.uid))
      .orderBy(asc(leadEvents.id)),
  ]);
  const buyer = persons.find((p) => p.uid === lead.userUid);
  const broker = lead.consultantUid ? persons.find((p) => p.uid === lead.consultantUid) : undefined;
  return {
    UID: lead.uid,
    domainName: lead.domainName,
    offerAmount: dollarsOf(lead.offerAmountCents),
    status: lead.status,
    paidAt: lead.paidAt?.toISOString() ?? null,
    createdAt: lead.createdAt.toISOString(),
    buyer: {
      UID: lead.userUid,
      name: buyer ? fullName(buyer) : '',
      email: lead.email || buyer?.email || '',
      phone: lead.phone || buyer?.phone || '',
      preferredContact: lead.preferredContact,
      preferText: lead.preferText,
      locale: mailLocale(buyer?.locale),
    },
    consultant: broker ? { UID: broker.uid, name: fullName(broker) } : null,
    registrarUID: lead.registrarUid,
    survey: {
      isSurveyCompleted: lead.isSurveyCompleted,
      questionsAny: lead.questionsAny,
      deadLine: lead.deadLine?.toISOString() ?? null,
      preferredTime: lead.preferredTime?.toISOString() ?? null,
      preferredTimeZone: lead.preferredTime ? lead.preferredTimeZone : null,
      beSeen: lead.beSeen,
    },
    marketAnalysis: analysisView(lead) ?? {
      value: '',
      low: '',
      high: '',
      ownerNotes: '',
      expectedTimeline: '',
      updatedAt: null,
    },
    opportunities: opportunities.map((o) => ({
      UID: o.uid,
      domainName: o.domainName,
      offerAmount: dollarsOf(o.offerAmountCents),
      status: o.status,
      decisionNote: o.decisionNote,
      createdAt: o.createdAt.toISOString(),
    })),
    timeline: timelines.get(lead.uid) ?? [],
    agreement: agreementView(lead, now),
    sale: saleView(lead),
    closeReason: lead.closeReason,
    overdue: isOverdue(lead, now),
    responseDueAt: lead.responseDueAt?.toISOString() ?? null,
    statusHistory: events.map((e) => ({
      type: e.type,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      actor:
        e.actorFirst === null
          ? null
          : fullName({ firstName: e.actorFirst, lastName: e.actorLast ?? '', email: e.actorEmail ?? '' }),
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

// ── the market analysis ─────────────────────────────────────────────────────────────────────────────

/**
 * PUT /consultant/leads/{id}/marketAnalysis (decision B16): the whole analysis, replaced. Event
 * 'market_analysis' (a step the buyer sees on the dashboard: it ends the buyer's refund window).
 */
export async function saveMarketAnalysis(
  db: Db,
  actor: Actor,
  leadUid: string,
  body: MarketAnalysisBody,
  now: Date,
): Promise<BrokerLeadDetail> {
  const row = await db.transaction(async (tx) => {
    const lead = await staffLead(tx, actor, leadUid, true);
    assertOpen(lead);
    return changeLead(
      tx,
      lead.uid,
      {
        marketValueCents: body.value ?? null,
        marketLowCents: body.low ?? null,
        marketHighCents: body.high ?? null,
        ownerNotes: body.ownerNotes ?? '',
        expectedTimeline: body.expectedTimeline ?? '',
        marketAnalysisUpdatedAt: now,
      },
      {
        type: 'market_analysis',
        actorUid: actor.UID,
        at: now,
        data: { valueCents: body.value ?? null, lowCents: body.low ?? null, highCents: body.high ?? null },
      },
    );
  });
  return detailOf(db, row, now);
}

// ── the timeline ────────────────────────────────────────────────────────────────────────────────────

/** Where the buyer reads mail about the lead: the lead's contact address, else the account's. */
const buyerAddress = (lead: LeadRow, buyer: Recipient) => lead.email || buyer.email;

/**
 * Tells the buyer about a piece of the broker's work (a timeline step, a decided alternate) in the
 * buyer's language, named by the broker who did it, unless the buyer unsubscribed from this lead's
 * mails. Queued in `tx`, with the change it reports.
 */
async function mailBuyerAboutWork(
  s: WorkspaceServices,
  tx: DbOrTx,
  lead: LeadRow,
  actor: Actor,
  template: MailTemplate,
  data: Record<string, string>,
): Promise<void> {
  const buyer = await recipient(tx, lead.userUid);
  if (!buyer) return;
  const to = buyerAddress(lead, buyer);
  if (await isOptedOut(tx, { email: to, type: 'buy', leadUid: lead.uid })) return;
  const author = await recipient(tx, actor.UID);
  await s.enqueueMail(tx, {
    to,
    template,
    locale: mailLocale(buyer.locale),
    data: {
      name: buyer.firstName,
      broker: author ? fullName(author) : '',
      domain: lead.domainName,
      ...data,
      url: dashboardUrl(s),
    },
    // the buyer may stop this lead's progress mails: the link and one-click headers come with each
    unsubscribe: { type: 'buy', leadUid: lead.uid },
  });
}

/**
 * POST /consultant/leads/{id}/timeline: one step of the negotiation, on a paid open lead.
 *
 * A buyer-visible step sets lastVisibleStepAt and clears responseDueAt (the buyer heard from the
 * broker), writes the lead event of its stage (owner_contacted, offer; every other kind 'step') and is
 * mailed to the buyer unless they unsubscribed from this lead's mails. A step on the buyer's behalf
 * (ON_BEHALF_KINDS) moves the commission tail. An internal step is the broker's working note: it
 * changes nothing the buyer or a registrar partner sees.
 */
export async function addTimelineEntry(
  s: WorkspaceServices,
  actor: Actor,
  leadUid: string,
  body: CreateTimelineEntryBody,
): Promise<TimelineEntry> {
  const now = s.now();
  if (body.occurredAt.getTime() > now.getTime() + FUTURE_SLACK_MS)
    throw invalid('occurredAt', TIMELINE_ERRORS.futureDate);
  const amountCents = AMOUNT_KINDS.includes(body.kind) ? (body.amount ?? null) : null;
  const channel = body.kind === 'owner_contacted' ? (body.channel ?? null) : null;
  const { entry, lead } = await s.db.transaction(async (tx) => {
    const lead = await staffLead(tx, actor, leadUid, true);
    assertOpen(lead);
    if (agreementView(lead, now)?.phase === 'ended') throw new AppError('LEAD_CLOSED');
    if (beforePaymentDay(body.occurredAt, lead.paidAt))
      throw invalid('occurredAt', TIMELINE_ERRORS.beforePayment);
    const entry = await insertTimelineEntry(tx, {
      leadUid: lead.uid,
      kind: body.kind,
      channel,
      amountCents,
      note: body.note ?? '',
      buyerVisible: body.buyerVisible,
      authorUid: actor.UID,
      occurredAt: body.occurredAt,
      createdAt: now,
    });
    if (!body.buyerVisible) return { entry, lead };
    const onBehalf = ON_BEHALF_KINDS.includes(body.kind);
    const lastOnBehalf =
      onBehalf && (!lead.lastOnBehalfAt || lead.lastOnBehalfAt < body.occurredAt)
        ? body.occurredAt
        : lead.lastOnBehalfAt;
    await changeLead(
      tx,
      lead.uid,
      { lastVisibleStepAt: now, responseDueAt: null, lastOnBehalfAt: lastOnBehalf },
      {
        type: STAGE_EVENT_OF[body.kind] ?? 'step',
        actorUid: actor.UID,
        at: now,
        data: { entryUid: entry.uid, kind: body.kind, channel, amountCents },
      },
    );
    await mailBuyerAboutWork(s, tx, lead, actor, 'broker-step', {
      kind: body.kind,
      channel: channel ?? '',
      amount: amountCents === null ? '' : formatUsd(amountCents),
      note: body.note ?? '',
      date: mailDate(body.occurredAt),
    });
    return { entry, lead };
  });
  const [presented] = await presentEntries(s.db, [entry], () => lead.userUid);
  return presented!;
}

/** GET /leads/{id}/timeline: the owner's view, buyer-visible entries only (and their own messages). */
export async function buyerTimeline(db: Db, actor: Actor, leadUid: string): Promise<TimelineEntry[]> {
  const lead = await ownLead(db, actor.UID, leadUid);
  return (await timelinesOf(db, [lead], true)).get(lead.uid) ?? [];
}

/**
 * POST /leads/{id}/messages: the buyer's reply on a paid open lead. It is a buyer-visible entry
 * written by the buyer; the broker owes an answer within two business days (responseDueAt, kept when
 * an earlier answer is still owed) and is mailed the message (staff when no broker is assigned).
 */
export async function postBuyerMessage(
  s: WorkspaceServices,
  actor: Actor,
  leadUid: string,
  message: string,
): Promise<TimelineEntry> {
  const now = s.now();
  const entry = await s.db.transaction(async (tx) => {
    const lead = await ownLead(tx, actor.UID, leadUid, true);
    if (lead.status === 'pending' || !lead.paidAt) throw new AppError('PAYMENT_NOT_COMPLETED');
    if (lead.status !== 'new' || agreementView(lead, now)?.phase === 'ended')
      throw new AppError('LEAD_CLOSED');
    const entry = await insertTimelineEntry(tx, {
      leadUid: lead.uid,
      kind: 'buyer_message',
      note: message,
      buyerVisible: true,
      authorUid: actor.UID,
      occurredAt: now,
      createdAt: now,
    });
    const due = addBusinessDays(now, RESPONSE_BUSINESS_DAYS);
    const responseDueAt = lead.responseDueAt && lead.responseDueAt < due ? lead.responseDueAt : due;
    await writeLead(tx, lead.uid, { lastBuyerMessageAt: now, responseDueAt }, now);
    await mailLeadBroker(tx, s, lead, 'buyer-message', {
      message,
      due: mailDate(responseDueAt),
      lead: lead.uid,
      url: leadPageUrl(s, lead.uid),
    });
    return entry;
  });
  const [presented] = await presentEntries(s.db, [entry], () => actor.UID);
  return presented!;
}

/**
 * POST /leads/{id}/stopService (packages/shared/src/agreement.ts): asked during the initial term, the
 * stop is recorded and the service ends with the term; asked in holdover, the lead is canceled at once.
 * Either way a lead event and a mail to the broker.
 */
export async function stopService(s: WorkspaceServices, actor: Actor, leadUid: string): Promise<Lead> {
  const now = s.now();
  const row = await s.db.transaction(async (tx) => {
    const lead = await ownLead(tx, actor.UID, leadUid, true);
    if (lead.status === 'pending' || !lead.paidAt) throw new AppError('PAYMENT_NOT_COMPLETED');
    if (lead.status !== 'new') throw new AppError('LEAD_CLOSED');
    if (lead.serviceStopRequestedAt) throw new AppError('SERVICE_STOP_ALREADY_REQUESTED');
    const agreement = agreementView(lead, now);
    if (!agreement?.canStop) throw new AppError('SERVICE_STOP_NOT_POSSIBLE');
    const inHoldover = agreement.phase === 'holdover';
    let saved: LeadRow;
    if (inHoldover) {
      const reason = 'The buyer stopped the service.';
      const moved = await transitionLead(tx, {
        leadUid: lead.uid,
        from: ['new'],
        to: 'canceled',
        type: 'canceled',
        actorUid: actor.UID,
        at: now,
        data: { reason, by: 'buyer', phase: 'holdover' },
      });
      if (!moved) throw new AppError('LEAD_CLOSED');
      saved = await writeLead(
        tx,
        lead.uid,
        { serviceStopRequestedAt: now, closeReason: reason, responseDueAt: null },
        now,
      );
    } else {
      saved = await changeLead(
        tx,
        lead.uid,
        { serviceStopRequestedAt: now },
        {
          type: 'service_stop_requested',
          actorUid: actor.UID,
          at: now,
          data: { serviceEnd: agreement.termEnd },
        },
      );
    }
    const tail = agreementView(saved, now)?.tailEnd;
    await mailLeadBroker(tx, s, lead, 'service-stop-requested', {
      now: inHoldover ? 'yes' : 'no',
      date: mailDate(inHoldover ? now : new Date(agreement.termEnd)),
      tail: tail ? tail.slice(0, 10) : '',
      lead: lead.uid,
    });
    return saved;
  });
  const [lead] = await presentLeads(s.db, [row], now);
  return lead!;
}

// ── alternates ──────────────────────────────────────────────────────────────────────────────────────

/**
 * PATCH /consultant/opportunities/{id}: the broker accepts or rejects a pending alternate, once, with
 * a note to the buyer. Event 'opportunity_decided'; the buyer is mailed unless they unsubscribed.
 */
export async function decideOpportunity(
  s: WorkspaceServices,
  actor: Actor,
  opportunityUid: string,
  body: DecideOpportunityBody,
): Promise<BrokerLeadDetail> {
  const now = s.now();
  if (!UUID.test(opportunityUid)) throw new AppError('OPPORTUNITY_NOT_FOUND');
  const lead = await s.db.transaction(async (tx) => {
    const [ref] = await tx
      .select({ leadUid: leadOpportunities.leadUid })
      .from(leadOpportunities)
      .where(eq(leadOpportunities.uid, opportunityUid));
    if (!ref) throw new AppError('OPPORTUNITY_NOT_FOUND');
    const lead = await staffLead(tx, actor, ref.leadUid, true).catch((err) => {
      throw err instanceof AppError && err.code === 'LEAD_NOT_FOUND'
        ? new AppError('OPPORTUNITY_NOT_FOUND')
        : err;
    });
    assertOpen(lead);
    const [opp] = await tx
      .select()
      .from(leadOpportunities)
      .where(eq(leadOpportunities.uid, opportunityUid))
      .for('update');
    if (!opp) throw new AppError('OPPORTUNITY_NOT_FOUND');
    if (opp.status !== 'pending') throw new AppError('OPPORTUNITY_ALREADY_DECIDED');
    const note = body.note ?? '';
    await decideOpportunityRow(tx, opp.uid, { status: body.status, decidedByUid: actor.UID, note }, now);
    await recordLeadEvent(tx, {
      leadUid: lead.uid,
      type: 'opportunity_decided',
      actorUid: actor.UID,
      at: now,
      data: { opportunityUid: opp.uid, domainName: opp.domainName, status: body.status, note },
    });
    await mailBuyerAboutWork(s, tx, lead, actor, 'alternate-decided', {
      alternate: opp.domainName,
      status: body.status,
      note,
    });
    return lead;
  });
  return detailOf(s.db, lead, now);
}

// ── closing ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /consultant/leads/{id}/close, only from status new:
 * - sold: the sale date and price, our commission from the pricing module for the lead's channel
 *   (registrar-referred or direct, decision A19) stored with its channel; event 'sold'; the buyer is
 *   told price and commission.
 * - canceled: the reason; event 'canceled'; the buyer is told why.
 * - declined: the initial fee refunded through the one refund service (payments/refunds.ts: the lead
 *   row locked, the provider's idempotency key, the bookkeeping once), which records who and why, sets
 *   the close reason and mails the buyer the refund notice with the reason.
 * Sold and canceled mails are transactional: they go even to a buyer who unsubscribed.
 */
export async function closeLead(
  s: WorkspaceServices,
  actor: Actor,
  leadUid: string,
  body: CloseLeadBody,
): Promise<BrokerLeadDetail> {
  const now = s.now();
  if (body.outcome === 'declined') {
    const lead = await staffLead(s.db, actor, leadUid);
    // A decline that already went through (a parallel or repeated request) answers the lead as it is.
    if (lead.status !== 'refunded') assertOpen(lead);
    await refundLead(s, leadUid, actor, 'staff', body.reason);
    return detailOf(s.db, await staffLead(s.db, actor, leadUid), now);
  }
  if (body.outcome === 'sold' && body.soldDate.getTime() > now.getTime() + FUTURE_SLACK_MS)
    throw invalid('soldDate', TIMELINE_ERRORS.futureDate);
  const row = await s.db.transaction(async (tx) => {
    const lead = await staffLead(tx, actor, leadUid, true);
    assertOpen(lead);
    const buyer = await recipient(tx, lead.userUid);
    if (body.outcome === 'sold' && beforePaymentDay(body.soldDate, lead.paidAt))
      throw invalid('soldDate', TIMELINE_ERRORS.beforePayment);
    if (body.outcome === 'sold') {
      const channel = lead.registrarUid ? 'registrar' : 'direct';
      const price = body.soldPrice as number;
      const commission = buyerCommission(price, channel);
      await transitionLead(tx, {
        leadUid: lead.uid,
        from: ['new'],
        to: 'sold',
        type: 'sold',
        actorUid: actor.UID,
        at: now,
        data: {
          soldDate: body.soldDate.toISOString(),
          soldPriceCents: price,
          commissionCents: commission.cents,
          channel,
          rule: commission.rule,
        },
      });
      const saved = await writeLead(
        tx,
        lead.uid,
        {
          soldAt: body.soldDate,
          soldPriceCents: price,
          commissionCents: commission.cents,
          commissionChannel: channel,
          responseDueAt: null,
        },
        now,
      );
      if (buyer)
        await s.enqueueMail(tx, {
          to: buyerAddress(lead, buyer),
          template: 'lead-sold',
          locale: mailLocale(buyer.locale),
          data: {
            name: buyer.firstName,
            domain: lead.domainName,
            date: mailDate(body.soldDate),
            price: formatUsd(price),
            commission: formatUsd(commission.cents),
            rule: commission.rule,
            percent: String(commission.percent),
            minimum: formatUsd(commission.minimumCents),
            url: dashboardUrl(s),
          },
        });
      return saved;
    }
    await transitionLead(tx, {
      leadUid: lead.uid,
      from: ['new'],
      to: 'canceled',
      type: 'canceled',
      actorUid: actor.UID,
      at: now,
      data: { reason: body.reason, by: 'broker' },
    });
    const saved = await writeLead(tx, lead.uid, { closeReason: body.reason, responseDueAt: null }, now);
    if (buyer)
      await s.enqueueMail(tx, {
        to: buyerAddress(lead, buyer),
        template: 'lead-canceled',
        locale: mailLocale(buyer.locale),
        data: {
          name: buyer.firstName,
          domain: lead.domainName,
          date: mailDate(now),
          reason: body.reason,
          url: dashboardUrl(s),
        },
      });
    return saved;
  });
  return detailOf(s.db, row, now);
}

// ── brokers and reassignment (Admin) ────────────────────────────────────────────────────────────────

/** GET /consultant/brokers: every consultant account not deactivated, by name. */
export async function listBrokers(db: Db): Promise<BrokerOption[]> {
  const rows = await db
    .select({ ...personFields, acceptingLeads: users.acceptingLeads })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userUid, users.uid))
    .innerJoin(roles, and(eq(roles.uid, userRoles.roleUid), eq(roles.roleType, 'Consultant')))
    .where(isNull(users.deactivatedAt))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.uid));
  return rows.map((r) => ({ UID: r.uid, name: fullName(r), acceptingLeads: r.acceptingLeads }));
}

/**
 * PATCH /consultant/leads/{id}/assign (Admin): the paid open lead goes to another active broker (role
 * Consultant, not deactivated, accepting leads: decision B11). Event 'reassigned' with both brokers;
 * the new broker is mailed. Assigning to the lead's own broker changes nothing.
 */
export async function assignLead(
  s: WorkspaceServices,
  actor: Actor,
  leadUid: string,
  consultantUid: string,
): Promise<BrokerLeadDetail> {
  const now = s.now();
  const row = await s.db.transaction(async (tx) => {
    const lead = await staffLead(tx, actor, leadUid, true);
    assertOpen(lead);
    if (!UUID.test(consultantUid)) throw new AppError('CONSULTANT_NOT_ACTIVE');
    const [target] = await tx
      .select({ uid: users.uid })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userUid, users.uid))
      .innerJoin(roles, and(eq(roles.uid, userRoles.roleUid), eq(roles.roleType, 'Consultant')))
      .where(and(eq(users.uid, consultantUid), isNull(users.deactivatedAt), eq(users.acceptingLeads, true)));
    if (!target) throw new AppError('CONSULTANT_NOT_ACTIVE');
    if (lead.consultantUid === consultantUid) return lead;
    const saved = await changeLead(
      tx,
      lead.uid,
      { consultantUid, assignedAt: now },
      {
        type: 'reassigned',
        actorUid: actor.UID,
        at: now,
        data: { from: lead.consultantUid, to: consultantUid },
      },
    );
    const [broker, buyer] = await Promise.all([recipient(tx, consultantUid), recipient(tx, lead.userUid)]);
    if (broker)
      await s.enqueueMail(tx, {
        to: broker.email,
        template: 'lead-reassigned',
        locale: mailLocale(broker.locale),
        data: {
          name: broker.firstName,
          domain: lead.domainName,
          buyer: buyer ? buyerName(buyer) : '',
          due: lead.responseDueAt ? mailDate(lead.responseDueAt) : '',
          url: leadPageUrl(s, lead.uid),
        },
      });
    return saved;
  });
  return detailOf(s.db, row, now);
}
