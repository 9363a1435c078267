/**
 * Leads: a buyer's request to acquire a domain (docs/product.md "Lead lifecycle"; decisions A12,
 * A13, A24, B4, B5, B6). Rules live here; routes only translate HTTP.
 *
 * - One open lead (pending or new) per buyer, enforced by a partial unique index: an unpaid lead's
 *   domain and budget are edited in place; a paid one answers 'add it as an alternate'.
 * - Every change writes a lead event (who, when, what) in the same transaction.
 * - No answer carries the broker's email or phone (B5) until the buyer agreed to the broker service
 *   terms on the lead (A16, broker.ts): before that the buyer sees name and picture only.
 */

import { AppError } from '@domain-broker/shared/errors';
import { centsToOfferAmount, centsToUsd, isLowBudget } from '@domain-broker/shared/pricing';
import { PHONE_CONTACTS, type PreferredContact, type RoleType } from '@domain-broker/shared/roles';
import type { CreateLeadBody, Lead, LeadStatus, UpdateLeadBody } from '@domain-broker/shared/schemas/leads';
import { type SuccessBody, success } from '@domain-broker/shared/success';
import { normalizePhone } from '@domain-broker/shared/validators';
import { and, desc, eq, inArray, isNotNull, lte, type SQL } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import {
  leadEvents,
  leadOpportunities,
  leads,
  leadTimelineEntries,
  OPEN_LEAD_STATUSES,
  payments,
  users,
} from '#server/db/schema/index.ts';
import { buyerName, type Recipient, recipients } from '#server/lib/mail/recipients.ts';
import type { EnqueueMail, MailTemplate } from '#server/lib/mail/types.ts';
import { UUID } from '#server/lib/validate.ts';
import { hasRole } from '../auth/middleware.ts';
import { fillEmptyPhone } from '../profile/accounts.ts';
import { enqueueLeadWebhooks } from '../webhooks/outbox.ts';
import { agreementView, analysisView, saleView, timelinesOf } from './present.ts';
import { BUYER_VISIBLE_EVENT_TYPES, buyerRefundableUntil } from './refund-window.ts';

export type LeadRow = typeof leads.$inferSelect;

/** Who is asking: the signed-in user as the auth module gives it. */
export interface LeadActor {
  UID: string;
  roles: { role: { roleType: RoleType } }[];
  registrarUID: string | null;
  userInterested: string | null;
}

const NOT_BUYERS: readonly RoleType[] = ['Admin', 'Consultant', 'Registrar'];

/** Only buyers take leads: staff and registrars are told to sign in as a user, investors are refused (A24). */
export function assertBuyer(actor: LeadActor): void {
  if (hasRole(actor, NOT_BUYERS)) throw new AppError('LOGIN_AS_USER');
  if (actor.userInterested === 'Investor') throw new AppError('NOT_ALLOWED_CONTACT_ADMIN');
}

/** A status change or edit, recorded with the lead's change in the same transaction (B4). */
export async function recordLeadEvent(
  tx: DbOrTx,
  event: {
    leadUid: string;
    type: string;
    actorUid: string | null;
    at: Date;
    fromStatus?: LeadStatus | null;
    toStatus?: LeadStatus | null;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  const what = {
    leadUid: event.leadUid,
    type: event.type,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    data: event.data ?? {},
  };
  const [row] = await tx
    .insert(leadEvents)
    .values({ ...what, actorUid: event.actorUid, createdAt: event.at })
    .returning({ id: leadEvents.id });
  // The registrar's webhooks of a referred lead, in this same transaction (webhooks/outbox.ts).
  await enqueueLeadWebhooks(tx, { id: (row as { id: number }).id, ...what, at: event.at });
}

/** A lead event as recordLeadEvent takes it, for the lead being changed. */
export type LeadEventOf = Omit<Parameters<typeof recordLeadEvent>[1], 'leadUid'>;

/** Writes `changes` to a lead with its updatedAt, in the caller's transaction: the lead as it is now. */
export async function writeLead(
  tx: DbOrTx,
  leadUid: string,
  changes: Partial<typeof leads.$inferInsert>,
  at: Date,
): Promise<LeadRow> {
  const [row] = await tx
    .update(leads)
    .set({ ...changes, updatedAt: at })
    .where(eq(leads.uid, leadUid))
    .returning();
  return row as LeadRow;
}

export type TimelineEntryRow = typeof leadTimelineEntries.$inferSelect;

/** A step of the broker's timeline, or the buyer's message, on the lead (the caller records its lead change). */
export async function insertTimelineEntry(
  tx: DbOrTx,
  entry: Omit<typeof leadTimelineEntries.$inferInsert, 'uid'>,
): Promise<TimelineEntryRow> {
  const [row] = await tx.insert(leadTimelineEntries).values(entry).returning();
  return row as TimelineEntryRow;
}

/** The usual change of a lead: writeLead and the lead event that records it (B4), at the event's time. */
export async function changeLead(
  tx: DbOrTx,
  leadUid: string,
  changes: Partial<typeof leads.$inferInsert>,
  event: LeadEventOf,
): Promise<LeadRow> {
  const row = await writeLead(tx, leadUid, changes, event.at);
  await recordLeadEvent(tx, { leadUid, ...event });
  return row;
}

/**
 * The payment form's optional phone (card or promo code): saved to the lead with a lead event when it
 * changes, and to the profile when it has none; one that is not a phone number is left out.
 */
export async function savePaymentPhone(tx: DbOrTx, lead: LeadRow, userUid: string, raw: string, at: Date) {
  const phone = normalizePhone(raw);
  if (!phone) return;
  if (lead.phone !== phone)
    await changeLead(tx, lead.uid, { phone }, { type: 'updated', actorUid: userUid, at, data: { phone } });
  await fillEmptyPhone(tx, userUid, phone, at);
}

/** The lead as staff may work it, locked when `lock`: an Admin any, a Consultant only those they broker. */
export async function staffLead(
  tx: DbOrTx,
  actor: { UID: string; roles: LeadActor['roles'] },
  leadUid: string,
  lock = false,
): Promise<LeadRow> {
  if (!UUID.test(leadUid)) throw new AppError('LEAD_NOT_FOUND');
  const q = tx.select().from(leads).where(eq(leads.uid, leadUid));
  const [lead] = lock ? await q.for('update') : await q;
  if (!lead || (!hasRole(actor, ['Admin']) && lead.consultantUid !== actor.UID))
    throw new AppError('LEAD_NOT_FOUND');
  return lead;
}

/** The buyer's own lead, locked when `lock`: an id that is not a uuid, or anyone else's lead, is LEAD_NOT_FOUND. */
export async function ownLead(tx: DbOrTx, userUid: string, leadUid: string, lock = false): Promise<LeadRow> {
  if (!UUID.test(leadUid)) throw new AppError('LEAD_NOT_FOUND');
  const q = tx
    .select()
    .from(leads)
    .where(and(eq(leads.uid, leadUid), eq(leads.userUid, userUid)));
  const [lead] = lock ? await q.for('update') : await q;
  if (!lead) throw new AppError('LEAD_NOT_FOUND');
  return lead;
}

/** Leads a scheduled job handles per run; the next tick takes the rest. */
const JOB_BATCH = 100;

/**
 * The leads in progress (status new) a scheduled job handles next: paid at `paidBefore` or earlier and
 * matching `where`, oldest payment first, locked; the rows another run holds are skipped.
 */
export function dueOpenLeads(tx: DbOrTx, paidBefore: Date, ...where: SQL[]) {
  return tx
    .select({ uid: leads.uid })
    .from(leads)
    .where(and(eq(leads.status, 'new'), ...where, lte(leads.paidAt, paidBefore)))
    .orderBy(leads.paidAt)
    .limit(JOB_BATCH)
    .for('update', { skipLocked: true });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type LeadConsultant = NonNullable<Lead['consultant']>;
interface BrokerRow {
  card: { UID: string; name: string; image: string };
  email: string;
  phone: string;
}

async function consultantsOf(db: DbOrTx, rows: LeadRow[]): Promise<Map<string, BrokerRow>> {
  const ids = [...new Set(rows.map((r) => r.consultantUid).filter((x): x is string => !!x))];
  if (!ids.length) return new Map();
  const found = await db
    .select({
      uid: users.uid,
      firstName: users.firstName,
      lastName: users.lastName,
      image: users.image,
      email: users.email,
      phone: users.phone,
    })
    .from(users)
    .where(inArray(users.uid, ids));
  return new Map(
    found.map((u) => [
      u.uid,
      {
        card: { UID: u.uid, name: `${u.firstName} ${u.lastName}`.trim(), image: u.image },
        email: u.email,
        phone: u.phone,
      },
    ]),
  );
}

/**
 * The broker as this lead's buyer may see them: name and picture always; email and phone only once the
 * buyer agreed to the broker service terms on this lead (decisions A16, B5).
 */
function consultantFor(row: LeadRow, broker: BrokerRow | undefined): LeadConsultant | null {
  if (!broker) return null;
  return row.brokerTermsAgreedAt ? { ...broker.card, email: broker.email, phone: broker.phone } : broker.card;
}

type LeadPayment = Lead['payments'][number];

/** The succeeded and refunded payments of the leads (what the buyer paid), oldest first. */
async function paymentsOf(db: DbOrTx, rows: LeadRow[]): Promise<Map<string, LeadPayment[]>> {
  const ids = rows.filter((r) => r.paidAt).map((r) => r.uid);
  const byLead = new Map<string, LeadPayment[]>();
  if (!ids.length) return byLead;
  const found = await db
    .select({
      uid: payments.uid,
      leadUid: payments.leadUid,
      status: payments.status,
      amountCents: payments.amountCents,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(and(inArray(payments.leadUid, ids), inArray(payments.status, ['succeeded', 'refunded'])))
    .orderBy(payments.createdAt);
  for (const p of found) {
    const list = byLead.get(p.leadUid) ?? [];
    list.push({
      UID: p.uid,
      status: p.status,
      amountPaid: centsToUsd(p.amountCents),
      createdAt: p.createdAt.toISOString(),
    });
    byLead.set(p.leadUid, list);
  }
  return byLead;
}

/** Paid open leads on which the broker has already shown the buyer some work (refund-window.ts). */
async function leadsWithVisibleWork(db: DbOrTx, rows: LeadRow[]): Promise<Set<string>> {
  const ids = rows.filter((r) => r.status === 'new').map((r) => r.uid);
  if (!ids.length) return new Set();
  const found = await db
    .selectDistinct({ leadUid: leadEvents.leadUid })
    .from(leadEvents)
    .where(and(inArray(leadEvents.leadUid, ids), inArray(leadEvents.type, [...BUYER_VISIBLE_EVENT_TYPES])));
  return new Set(found.map((f) => f.leadUid));
}

type LeadOpportunity = Lead['opportunities'][number];

/** The alternate domains of the leads (decision A1), oldest first so the newest is last. */
async function opportunitiesOf(db: DbOrTx, rows: LeadRow[]): Promise<Map<string, LeadOpportunity[]>> {
  const byLead = new Map<string, LeadOpportunity[]>();
  if (!rows.length) return byLead;
  const found = await db
    .select()
    .from(leadOpportunities)
    .where(
      inArray(
        leadOpportunities.leadUid,
        rows.map((r) => r.uid),
      ),
    )
    .orderBy(leadOpportunities.createdAt, leadOpportunities.uid);
  for (const o of found) {
    const list = byLead.get(o.leadUid) ?? [];
    list.push({
      UID: o.uid,
      domainName: o.domainName,
      offerAmount: o.offerAmountCents === null ? '' : centsToOfferAmount(o.offerAmountCents),
      status: o.status,
      decisionNote: o.decisionNote,
    });
    byLead.set(o.leadUid, list);
  }
  return byLead;
}

function toLead(
  row: LeadRow,
  consultant: LeadConsultant | null,
  paid: LeadPayment[] = [],
  refundableUntil: Date | null = null,
  opportunities: LeadOpportunity[] = [],
  timeline: NonNullable<Lead['timeline']> = [],
  now: Date = new Date(),
): Lead {
  return {
    UID: row.uid,
    domainName: row.domainName,
    offerAmount: row.offerAmountCents === null ? '' : centsToOfferAmount(row.offerAmountCents),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    soldDate: iso(row.soldAt),
    paidAt: iso(row.paidAt),
    refundableUntil: iso(refundableUntil),
    payments: paid,
    consultant,
    consultantUID: row.consultantUid,
    brokerTermsAgreedAt: iso(row.brokerTermsAgreedAt),
    opportunities,
    isSurveyCompleted: row.isSurveyCompleted,
    questionsAny: row.questionsAny,
    preferredContact: (row.preferredContact as PreferredContact | null) ?? null,
    preferText: row.preferText,
    preferredTime: iso(row.preferredTime),
    beSeen: row.beSeen,
    email: row.email,
    phone: row.phone,
    deadLine: iso(row.deadLine),
    marketAnalysis: row.marketAnalysis,
    // One lead's mails can be stopped by naming it (decision A26): the lead's own id.
    closeUID: row.uid,
    referrerURL: row.referrerUrl,
    referralURL: row.referralUrl,
    formName: row.formName,
    userInterested: row.userInterested,
    registrarUID: row.registrarUid,
    // The broker's work as the buyer sees it: never an internal timeline entry.
    timeline,
    brokerAnalysis: analysisView(row),
    agreement: agreementView(row, now),
    sale: saleView(row),
    closeReason: row.closeReason,
  };
}

/** Leads as the buyer receives them; `now` decides whether the refund window is still open. */
export async function presentLeads(db: DbOrTx, rows: LeadRow[], now: Date = new Date()): Promise<Lead[]> {
  const [consultants, paid, visible, alternates, timelines] = await Promise.all([
    consultantsOf(db, rows),
    paymentsOf(db, rows),
    leadsWithVisibleWork(db, rows),
    opportunitiesOf(db, rows),
    timelinesOf(db, rows, true),
  ]);
  return rows.map((r) =>
    toLead(
      r,
      consultantFor(r, r.consultantUid ? consultants.get(r.consultantUid) : undefined),
      paid.get(r.uid) ?? [],
      buyerRefundableUntil(r, visible.has(r.uid), now),
      alternates.get(r.uid) ?? [],
      timelines.get(r.uid) ?? [],
      now,
    ),
  );
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * POST /leads: the buyer's lead for a domain and budget. A pending lead is updated in place (same UID);
 * an open paid lead refuses with 'add it as an alternate'; otherwise a new pending lead is created with
 * the buyer's registrar attributed.
 */
export async function createLead(
  db: Db,
  actor: LeadActor,
  input: CreateLeadBody & { referralURL?: string },
  now: Date,
): Promise<Lead> {
  assertBuyer(actor);
  if (isLowBudget(input.offerAmount)) throw new AppError('LEAD_OFFER_IS_ENQUIRY');
  const attempt = () =>
    db.transaction(async (tx) => {
      const [open] = await tx
        .select()
        .from(leads)
        .where(and(eq(leads.userUid, actor.UID), inArray(leads.status, [...OPEN_LEAD_STATUSES])))
        .for('update');
      if (open && open.status !== 'pending')
        throw new AppError('LEAD_ADD_AS_ALTERNATE', {
          message: `You are an existing user, Please add ${input.domainName} as an alternate domain.`,
          data: { leadUID: open.uid, domainName: input.domainName },
        });
      if (open) {
        const changes: Partial<LeadRow> = {};
        if (open.domainName !== input.domainName) changes.domainName = input.domainName;
        if (open.offerAmountCents !== (input.offerAmount ?? null))
          changes.offerAmountCents = input.offerAmount ?? null;
        if (input.referrerURL !== undefined && input.referrerURL !== open.referrerUrl)
          changes.referrerUrl = input.referrerURL;
        if (input.formName !== undefined && input.formName !== open.formName)
          changes.formName = input.formName;
        if (!Object.keys(changes).length) return open;
        return changeLead(tx, open.uid, changes, {
          type: 'updated',
          actorUid: actor.UID,
          at: now,
          data: eventData(changes),
        });
      }
      const [row] = await tx
        .insert(leads)
        .values({
          userUid: actor.UID,
          domainName: input.domainName,
          offerAmountCents: input.offerAmount ?? null,
          status: 'pending',
          registrarUid: actor.registrarUID,
          referrerUrl: input.referrerURL ?? '',
          referralUrl: input.referralURL ?? '',
          formName: input.formName ?? '',
          userInterested: actor.userInterested,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const lead = row as LeadRow;
      await recordLeadEvent(tx, {
        leadUid: lead.uid,
        type: 'created',
        actorUid: actor.UID,
        at: now,
        toStatus: 'pending',
        data: {
          domainName: lead.domainName,
          offerAmountCents: lead.offerAmountCents,
          registrarUid: lead.registrarUid,
        },
      });
      return lead;
    });
  let row: LeadRow;
  try {
    row = await attempt();
  } catch (err) {
    // A parallel request created the open lead between our read and insert: the index refused the
    // second one. Run again: it now finds that lead and updates it in place (or refuses if paid).
    if (!isUniqueViolation(err)) throw err;
    row = await attempt();
  }
  const [lead] = await presentLeads(db, [row], now);
  return lead as Lead;
}

function eventData(changes: Partial<LeadRow>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(changes).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );
}

/** GET /getMyLeads: the buyer's leads, newest first (the first is the current lead). */
export async function listMyLeads(db: Db, userUid: string, now: Date = new Date()): Promise<Lead[]> {
  const rows = await db
    .select()
    .from(leads)
    .where(eq(leads.userUid, userUid))
    .orderBy(desc(leads.createdAt), desc(leads.uid));
  return presentLeads(db, rows, now);
}

/** What PATCH /leads/{id} needs beyond the database: the survey's mails. */
export interface LeadSaveDeps {
  enqueueMail: EnqueueMail;
  config: Pick<Config, 'publicUrl' | 'supportEmail'>;
}

/** The lead after a save and the message to show (decision A21; docs/product.md "Survey"). */
export interface LeadSaved {
  lead: Lead;
  /** The success answer's message and code (the route adds the lead as `data`). */
  answer: SuccessBody;
}

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, errors: [{ field, message }] });

/**
 * PATCH /leads/{id}: the owner's buyer-editable fields and the survey (B7). Someone else's lead is
 * 'Lead is not found.' (its existence is not revealed). Domain and offer change only while the lead
 * is unpaid.
 *
 * The survey is one call, all or nothing: in one transaction the lead's contact details and answers are
 * saved, the phone is copied to the profile when the profile has none, and `isSurveyCompleted: true`
 * completes the survey (paid leads only; it is never undone). The first completion queues the answers
 * to the broker (staff when no broker is assigned) and the thanks to the buyer, and answers the spec's
 * thank-you text; later saves with `isSurveyCompleted: true` answer 'Domain details updated'. Any
 * refusal leaves nothing saved and nothing mailed.
 */
export async function saveLead(
  db: Db,
  deps: LeadSaveDeps,
  actor: LeadActor,
  leadUid: string,
  patch: UpdateLeadBody,
  now: Date,
): Promise<LeadSaved> {
  let answer: SuccessBody = success('LEAD_UPDATED');
  const row = await db.transaction(async (tx) => {
    const lead = await lockOwnLead(tx, actor, leadUid);
    const changes: Partial<LeadRow> = {};
    if (patch.domainName !== undefined && patch.domainName !== lead.domainName)
      changes.domainName = patch.domainName;
    if ('offerAmount' in patch) {
      const cents = patch.offerAmount ?? null;
      if (cents !== lead.offerAmountCents) changes.offerAmountCents = cents;
    }
    if ((changes.domainName !== undefined || 'offerAmountCents' in changes) && lead.status !== 'pending')
      throw new AppError('LEAD_NOT_EDITABLE');
    if ('offerAmountCents' in changes && isLowBudget(changes.offerAmountCents))
      throw new AppError('LEAD_OFFER_IS_ENQUIRY');
    const simple = [
      'questionsAny',
      'preferredContact',
      'preferText',
      'preferredTime',
      'beSeen',
      'email',
      'phone',
      'deadLine',
    ] as const;
    for (const key of simple) {
      if (!(key in patch) || patch[key] === undefined) continue;
      const value =
        key === 'phone' && patch.phone ? (normalizePhone(patch.phone) ?? patch.phone) : patch[key];
      const current = lead[key];
      const same =
        value instanceof Date && current instanceof Date
          ? value.getTime() === current.getTime()
          : value === current;
      if (!same) (changes as Record<string, unknown>)[key] = value;
    }
    // The zone belongs to the time it came with (decision A2): a time sent without one, or no time, has none.
    if (patch.preferredTime !== undefined) {
      const zone = patch.preferredTime ? (patch.preferredTimeZone ?? null) : null;
      if (zone !== lead.preferredTimeZone) changes.preferredTimeZone = zone;
    }
    for (const key of ['preferredTime', 'deadLine'] as const) {
      const d = changes[key];
      if (d instanceof Date && d.getTime() < now.getTime() - 60_000)
        throw invalid(key, 'The date cannot be in the past.');
    }
    const completing = patch.isSurveyCompleted === true;
    const firstCompletion = completing && !lead.isSurveyCompleted;
    if (completing && lead.status !== 'new' && lead.status !== 'sold')
      throw new AppError(lead.status === 'pending' ? 'PAYMENT_NOT_COMPLETED' : 'LEAD_CLOSED');
    if (firstCompletion) changes.isSurveyCompleted = true;
    const merged = { ...lead, ...changes };
    if (completing && !merged.preferredContact)
      throw invalid('preferredContact', 'Please choose a preferred contact method.');
    if ((merged.preferredContact === 'Phone' || merged.preferredContact === 'PhoneText') && !merged.phone)
      throw invalid('phone', 'Please Enter Phone number');
    if (merged.preferredContact === 'Email' && 'email' in patch && !merged.email)
      throw invalid('email', 'Please enter valid Email');
    if (completing)
      answer = firstCompletion
        ? success('SURVEY_COMPLETED', { values: { domain: lead.domainName } })
        : success('SURVEY_UPDATED');

    // The contact details: the profile takes the phone when it has none (the spec's first step).
    if (changes.phone) await fillEmptyPhone(tx, actor.UID, changes.phone, now);
    if (!Object.keys(changes).length) return lead;
    const saved = await changeLead(tx, lead.uid, changes, {
      type: firstCompletion ? 'survey_completed' : 'updated',
      actorUid: actor.UID,
      at: now,
      data: eventData(changes),
    });
    if (firstCompletion) await mailSurveyAnswers(tx, deps, saved);
    return saved;
  });
  const [lead] = await presentLeads(db, [row], now);
  return { lead: lead as Lead, answer };
}

const mailTime = (d: Date | null) => (d ? `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '');

/** The survey's two mails, queued with the completion: the answers to the broker, the thanks to the buyer. */
async function mailSurveyAnswers(tx: DbOrTx, deps: LeadSaveDeps, lead: LeadRow): Promise<void> {
  const buyer = await mailLeadBroker(tx, deps, lead, 'survey-answers', (buyer) => ({
    budget: lead.offerAmountCents === null ? '' : `${centsToOfferAmount(lead.offerAmountCents)} USD`,
    deadline: mailTime(lead.deadLine).slice(0, 10),
    beSeen: lead.beSeen ? 'yes' : 'no',
    contact: lead.preferredContact ?? '',
    text: lead.preferText ? 'yes' : 'no',
    phone: lead.phone,
    email: lead.email || buyer?.email || '',
    time: mailTime(lead.preferredTime),
    questions: lead.questionsAny,
    lead: lead.uid,
  }));
  if (buyer)
    await deps.enqueueMail(tx, {
      to: buyer.email,
      template: 'survey-thanks',
      locale: buyer.locale,
      data: {
        name: buyer.firstName,
        domain: lead.domainName,
        url: `${deps.config.publicUrl}/survey`,
      },
    });
}

/**
 * Mails the lead's broker (support while it has none) about something the buyer did: the template's
 * `name` is the broker's first name, `buyer` the buyer's name and `domain` the lead's, beside `data`
 * (or what `data` makes of the buyer). Answers the buyer as a recipient, for a mail of their own.
 */
export async function mailLeadBroker(
  tx: DbOrTx,
  deps: { enqueueMail: EnqueueMail; config: Pick<Config, 'supportEmail'> },
  lead: Pick<LeadRow, 'userUid' | 'consultantUid' | 'domainName'>,
  template: MailTemplate,
  data: Record<string, string> | ((buyer: Recipient | undefined) => Record<string, string>),
): Promise<Recipient | undefined> {
  const people = await recipients(tx, [lead.userUid, lead.consultantUid]);
  const buyer = people.get(lead.userUid);
  const broker = lead.consultantUid ? people.get(lead.consultantUid) : undefined;
  await deps.enqueueMail(tx, {
    to: broker?.email ?? deps.config.supportEmail,
    template,
    locale: broker?.locale ?? 'en',
    data: {
      name: broker?.firstName ?? '',
      buyer: buyer ? buyerName(buyer) : '',
      domain: lead.domainName,
      ...(typeof data === 'function' ? data(buyer) : data),
    },
  });
  return buyer;
}

/** The buyer's own lead, locked for a change: a blank id is LEAD_UID_MISSING, anyone else's LEAD_NOT_FOUND. */
export async function lockOwnLead(tx: DbOrTx, actor: LeadActor, leadUid: string): Promise<LeadRow> {
  if (!leadUid.trim()) throw new AppError('LEAD_UID_MISSING');
  return ownLead(tx, actor.UID, leadUid, true);
}

/**
 * Moves a lead to another status, recording who did it (B4). For the payment, refund and broker
 * services: `from` guards the transition, so a lead becomes paid (or refunded) exactly once whatever
 * the order of callers. Returns the updated row, or undefined when the lead was not in `from`.
 */
export async function transitionLead(
  tx: DbOrTx,
  t: {
    leadUid: string;
    from: readonly LeadStatus[];
    to: LeadStatus;
    type: string;
    actorUid: string | null;
    at: Date;
    data?: Record<string, unknown>;
  },
): Promise<LeadRow | undefined> {
  const [current] = await tx.select().from(leads).where(eq(leads.uid, t.leadUid)).for('update');
  if (!current || !t.from.includes(current.status)) return undefined;
  const stamp =
    t.to === 'new'
      ? { paidAt: t.at }
      : t.to === 'sold'
        ? { soldAt: t.at, closedAt: t.at }
        : t.to === 'refunded' || t.to === 'canceled'
          ? { closedAt: t.at }
          : {};
  return changeLead(
    tx,
    t.leadUid,
    { status: t.to, ...stamp },
    {
      type: t.type,
      actorUid: t.actorUid,
      at: t.at,
      fromStatus: current.status,
      toStatus: t.to,
      data: t.data,
    },
  );
}

/**
 * Whether the buyer has paid for a lead that was not refunded or canceled: such a buyer gets the paid
 * daily appraisal allowance (decision A4). Handed to the appraisal module through Services.
 */
export async function hasPaidLead(db: DbOrTx, userUid: string): Promise<boolean> {
  const [row] = await db
    .select({ uid: leads.uid })
    .from(leads)
    .where(and(eq(leads.userUid, userUid), inArray(leads.status, ['new', 'sold']), isNotNull(leads.paidAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether an open lead of the user asks to be reached by phone (Phone or PhoneText): the profile then
 * refuses to remove the phone (decision A30). Handed to the profile module through Services. The same
 * rule on one lead, for the portal, is `leadWantsPhone` in packages/shared/src/schemas/lead-status.ts.
 */
export async function openLeadPrefersPhone(db: DbOrTx, userUid: string): Promise<boolean> {
  const [row] = await db
    .select({ uid: leads.uid })
    .from(leads)
    .where(
      and(
        eq(leads.userUid, userUid),
        inArray(leads.status, [...OPEN_LEAD_STATUSES]),
        inArray(leads.preferredContact, [...PHONE_CONTACTS]),
      ),
    )
    .limit(1);
  return row !== undefined;
}
