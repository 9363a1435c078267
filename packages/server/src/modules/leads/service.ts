/**
 * Leads: a buyer's request to acquire a domain (post-purchase-back-office.md §3, §4; decisions A12,
 * A13, A24, B4, B5, B6). Rules live here; routes only translate HTTP.
 *
 * - One open lead (pending or new) per buyer, enforced by a partial unique index: an unpaid lead's
 *   domain and budget are edited in place; a paid one answers 'add it as an alternate'.
 * - Every change writes a lead event (who, when, what) in the same transaction.
 * - No answer carries the broker's email or phone (B5): the buyer sees name and picture only.
 */
import { AppError } from '@domain-broker/shared/errors';
import { centsToOfferAmount, isLowBudget } from '@domain-broker/shared/pricing';
import type { PreferredContact, RoleType } from '@domain-broker/shared/roles';
import type { CreateLeadBody, Lead, LeadStatus, UpdateLeadBody } from '@domain-broker/shared/schemas/leads';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { leadEvents, leads, OPEN_LEAD_STATUSES, users } from '../../db/schema/index.ts';

type LeadRow = typeof leads.$inferSelect;

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
  if (actor.roles.some((r) => NOT_BUYERS.includes(r.role.roleType))) throw new AppError('LOGIN_AS_USER');
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
  await tx.insert(leadEvents).values({
    leadUid: event.leadUid,
    type: event.type,
    actorUid: event.actorUid,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    data: event.data ?? {},
    createdAt: event.at,
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function consultantsOf(db: DbOrTx, rows: LeadRow[]) {
  const ids = [...new Set(rows.map((r) => r.consultantUid).filter((x): x is string => !!x))];
  if (!ids.length) return new Map<string, { UID: string; name: string; image: string }>();
  const found = await db
    .select({ uid: users.uid, firstName: users.firstName, lastName: users.lastName, image: users.image })
    .from(users)
    .where(inArray(users.uid, ids));
  return new Map(
    found.map((u) => [u.uid, { UID: u.uid, name: `${u.firstName} ${u.lastName}`.trim(), image: u.image }]),
  );
}

function toLead(row: LeadRow, consultant: { UID: string; name: string; image: string } | undefined): Lead {
  return {
    UID: row.uid,
    domainName: row.domainName,
    offerAmount: row.offerAmountCents === null ? '' : centsToOfferAmount(row.offerAmountCents),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    soldDate: iso(row.soldAt),
    paidAt: iso(row.paidAt),
    // Filled by the payments module (issue 11 item 3) once payments are stored.
    payments: [],
    consultant: consultant ?? null,
    consultantUID: row.consultantUid,
    // Alternates arrive with the opportunities endpoint.
    opportunities: [],
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
  };
}

export async function presentLeads(db: DbOrTx, rows: LeadRow[]): Promise<Lead[]> {
  const consultants = await consultantsOf(db, rows);
  return rows.map((r) => toLead(r, r.consultantUid ? consultants.get(r.consultantUid) : undefined));
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
        const [row] = await tx
          .update(leads)
          .set({ ...changes, updatedAt: now })
          .where(eq(leads.uid, open.uid))
          .returning();
        await recordLeadEvent(tx, {
          leadUid: open.uid,
          type: 'updated',
          actorUid: actor.UID,
          at: now,
          data: eventData(changes),
        });
        return row as LeadRow;
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
  const [lead] = await presentLeads(db, [row]);
  return lead as Lead;
}

function eventData(changes: Partial<LeadRow>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(changes).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );
}

/** GET /getMyLeads: the buyer's leads, newest first (the first is the current lead). */
export async function listMyLeads(db: Db, userUid: string): Promise<Lead[]> {
  const rows = await db
    .select()
    .from(leads)
    .where(eq(leads.userUid, userUid))
    .orderBy(desc(leads.createdAt), desc(leads.uid));
  return presentLeads(db, rows);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * PATCH /leads/{id}: the owner's buyer-editable fields (B7). Someone else's lead is 'Lead is not
 * found.' (its existence is not revealed). Domain and offer change only while the lead is unpaid.
 */
export async function updateLead(
  db: Db,
  actor: LeadActor,
  leadUid: string,
  patch: UpdateLeadBody,
  now: Date,
): Promise<Lead> {
  if (!leadUid.trim()) throw new AppError('LEAD_UID_MISSING');
  if (!UUID.test(leadUid)) throw new AppError('LEAD_NOT_FOUND');
  const row = await db.transaction(async (tx) => {
    const [lead] = await tx
      .select()
      .from(leads)
      .where(and(eq(leads.uid, leadUid), eq(leads.userUid, actor.UID)))
      .for('update');
    if (!lead) throw new AppError('LEAD_NOT_FOUND');
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
      'isSurveyCompleted',
    ] as const;
    for (const key of simple) {
      if (!(key in patch) || patch[key] === undefined) continue;
      const value = patch[key];
      const current = lead[key];
      const same =
        value instanceof Date && current instanceof Date
          ? value.getTime() === current.getTime()
          : value === current;
      if (!same) (changes as Record<string, unknown>)[key] = value;
    }
    for (const key of ['preferredTime', 'deadLine'] as const) {
      const d = changes[key];
      if (d instanceof Date && d.getTime() < now.getTime() - 60_000)
        throw new AppError('VALIDATION_FAILED', {
          message: 'The date cannot be in the past.',
          errors: [{ field: key, message: 'The date cannot be in the past.' }],
        });
    }
    const merged = { ...lead, ...changes };
    if ((merged.preferredContact === 'Phone' || merged.preferredContact === 'PhoneText') && !merged.phone)
      throw new AppError('VALIDATION_FAILED', {
        message: 'Please Enter Phone number',
        errors: [{ field: 'phone', message: 'Please Enter Phone number' }],
      });
    if (merged.preferredContact === 'Email' && 'email' in changes && !merged.email)
      throw new AppError('VALIDATION_FAILED', {
        message: 'Please enter valid Email',
        errors: [{ field: 'email', message: 'Please enter valid Email' }],
      });
    if (!Object.keys(changes).length) return lead;
    const [updated] = await tx
      .update(leads)
      .set({ ...changes, updatedAt: now })
      .where(eq(leads.uid, lead.uid))
      .returning();
    await recordLeadEvent(tx, {
      leadUid: lead.uid,
      type: 'updated',
      actorUid: actor.UID,
      at: now,
      data: eventData(changes),
    });
    return updated as LeadRow;
  });
  const [lead] = await presentLeads(db, [row]);
  return lead as Lead;
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
  const [row] = await tx
    .update(leads)
    .set({ status: t.to, updatedAt: t.at, ...stamp })
    .where(eq(leads.uid, t.leadUid))
    .returning();
  await recordLeadEvent(tx, {
    leadUid: t.leadUid,
    type: t.type,
    actorUid: t.actorUid,
    at: t.at,
    fromStatus: current.status,
    toStatus: t.to,
    data: t.data,
  });
  return row;
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
 * refuses to remove the phone (decision A30). Handed to the profile module through Services.
 */
export async function openLeadPrefersPhone(db: DbOrTx, userUid: string): Promise<boolean> {
  const [row] = await db
    .select({ uid: leads.uid })
    .from(leads)
    .where(
      and(
        eq(leads.userUid, userUid),
        inArray(leads.status, [...OPEN_LEAD_STATUSES]),
        inArray(leads.preferredContact, ['Phone', 'PhoneText']),
      ),
    )
    .limit(1);
  return row !== undefined;
}
