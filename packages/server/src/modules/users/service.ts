/**
 * The admin's Users tab (docs/product.md "Staff workspace"): the list, creating a user (mailed a one-time set-password link,
 * never a password: decision B2), editing, privileges, deleting and the consultant's 'accepting leads'
 * toggle (decision B11). Rules:
 *
 * - Deleting deactivates and anonymises (docs/where-the-spec-is-silent.md "Deleting a user"): the row
 *   stays, so payments, leads and commissions keep pointing at it; sessions end; a consultant's open
 *   leads go to other brokers by the assignment rule (payments/fulfil.ts pickConsultant).
 * - The last active admin cannot be deleted or demoted (LAST_ADMIN), and nobody deletes themself.
 * - An admin who changes their own account gets their fresh profile back (`session`), which the
 *   portal stores in place of the old one (docs/product.md "Session and logout").
 */

import { AppError } from '@domain-broker/shared/errors';
import { FIELD_MESSAGES } from '@domain-broker/shared/field-messages';
import { ROLE_LABELS, type RoleType } from '@domain-broker/shared/roles';
import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import type {
  AdminUser,
  CreateUserBody,
  UpdatePrivilegesBody,
  UpdateUserBody,
  UserChangeAnswer,
  UserList,
  UserListQuery,
} from '@domain-broker/shared/schemas/users';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { leads, roles, users } from '#server/db/schema/index.ts';
import type { Services } from '#server/deps.ts';
import { buyerName, recipient } from '#server/lib/mail/recipients.ts';
import { UUID } from '#server/lib/validate.ts';
import { retireCodes } from '../auth/codes.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { issueSetPasswordLink } from '../auth/set-password.ts';
import { changeLead } from '../leads/service.ts';
import { mailDate, pickConsultant } from '../payments/fulfil.ts';
import {
  type AccountChanges,
  addRole,
  attributeRegistrar,
  insertAccount,
  setOnlyRole,
  updateAccount,
} from '../profile/accounts.ts';
import {
  fullName,
  loadProfile,
  profileColumns,
  type RoleRef,
  rolesJson,
  userDetailOf,
} from '../profile/service.ts';
import { createRegistrar, type RegistrarDetails, updateRegistrarDetails } from '../registrar/service.ts';

export type UsersServices = Pick<Services, 'db' | 'enqueueMail' | 'config' | 'now'>;
export interface Actor {
  UID: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The address a deleted account keeps: unique, not deliverable (RFC 2606 .invalid). */
const deletedEmail = (uid: string) => `deleted-${uid}@deleted.invalid`;

// ── the list ────────────────────────────────────────────────────────────────────────────────────

/**
 * The role filter matches roles by uid, looked up first (roles is a handful of rows), not by a join to
 * roles: with the uid as a value the planner reads user_roles' statistics, sees that a rare role (a few
 * consultants among 100,000 buyers) has few rows and starts from user_roles_role_user_idx. With the
 * join it guessed a fifth of all users and probed user_roles once per user down the sort index (issue
 * 14 bench: 816 ms p95).
 *
 * Buyer also takes users without roles (docs/product.md "Roles"): "has Buyer, or no role at all" is said as
 * "holds no other role without also holding Buyer", so the few holders of another role are read from
 * the same index and left out, instead of two lookups per user.
 */
async function roleFilterSql(db: DbOrTx, role: RoleType): Promise<SQL> {
  const all = await db.select({ uid: roles.uid, roleType: roles.roleType }).from(roles);
  const wanted = all.find((r) => r.roleType === role)?.uid;
  if (role !== 'Buyer')
    return wanted
      ? sql`exists (select 1 from user_roles ur where ur.user_uid = ${users.uid} and ur.role_uid = ${wanted})`
      : sql`false`;
  const others = all.filter((r) => r.roleType !== 'Buyer').map((r) => sql`${r.uid}`);
  if (others.length === 0) return sql`true`;
  const alsoBuyer = wanted
    ? sql`exists (select 1 from user_roles b where b.user_uid = ur.user_uid and b.role_uid = ${wanted})`
    : sql`false`;
  return sql`not exists (select 1 from user_roles ur where ur.user_uid = ${users.uid}
    and ur.role_uid in (${sql.join(others, sql`, `)}) and not ${alsoBuyer})`;
}

async function listWhere(db: DbOrTx, q: UserListQuery): Promise<SQL | undefined> {
  const parts: SQL[] = [];
  const status = q.filterBy === 'status' && q.filterType ? q.filterType : 'active';
  if (status === 'active') parts.push(isNull(users.deactivatedAt));
  else if (status === 'deactivated') parts.push(isNotNull(users.deactivatedAt));
  if (q.filterBy === 'role' && q.filterType) parts.push(await roleFilterSql(db, q.filterType as RoleType));
  if (q.search) {
    // The same expressions as the trigram indexes (migration 0009), so a search of 3+ characters uses them.
    const pattern = `%${escapeLike(q.search.toLowerCase())}%`;
    parts.push(
      sql`(lower(${users.email}) like ${pattern} or lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern})`,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

function listOrder(q: UserListQuery): SQL[] {
  const dir = q.sortType === 'ASC' ? asc : desc;
  if (q.sortBy === 'lastLogin')
    // Backward over users_last_login_idx: DESC puts accounts that never signed in first, ASC last.
    return [dir(users.lastLogin), dir(users.uid)];
  if (q.sortBy === 'email') return [dir(users.email)];
  return [dir(users.createdAt), dir(users.uid)];
}

/** The row's extra columns, computed for the page's ten users only. */
const rowExtras = {
  roles: rolesJson,
  buyDomainCount: sql<number>`(select count(*)::int from leads l where l.user_uid = "users"."uid" and l.paid_at is not null)`,
  appraisedDomainCount: sql<number>`(select count(distinct h.domain)::int from appraisal_history h where h.user_uid = "users"."uid")`,
  sellDomainCount: sql<number>`(select count(*)::int from seller_domains sd join sell_submissions ss on ss.uid = sd.submission_uid where ss.user_uid = "users"."uid")`,
  agent: sql<{
    uid: string;
    name: string;
  } | null>`(select json_build_object('uid', a.uid, 'name', trim(a.first_name || ' ' || a.last_name))
    from leads l join users a on a.uid = l.consultant_uid
    where l.user_uid = "users"."uid" order by l.created_at desc limit 1)`,
};

type Row = Omit<typeof users.$inferSelect, 'passwordHash' | 'googleSub'> & {
  roles: RoleRef[];
  buyDomainCount: number;
  appraisedDomainCount: number;
  sellDomainCount: number;
  agent: { uid: string; name: string } | null;
};

function toAdminUser(r: Row): AdminUser {
  const first = r.roles[0] ?? null;
  return {
    UID: r.uid,
    name: fullName(r.firstName, r.lastName),
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    image: r.image,
    website: r.website,
    role: first ? { UID: first.UID, roleType: first.roleType } : null,
    roles: r.roles.map((x) => ({ roleUID: x.UID, roleType: x.roleType })),
    roleId: first?.UID ?? null,
    createdAt: r.createdAt.toISOString(),
    lastLogin: r.lastLogin ? new Date(r.lastLogin).toISOString() : null,
    closeAgentUID: r.agent?.uid ?? null,
    closeAgentName: r.agent?.name ?? null,
    userInterested: (r.userInterested as AdminUser['userInterested']) ?? null,
    registrarUID: r.registrarUID,
    acceptingLeads: r.acceptingLeads,
    deactivatedAt: r.deactivatedAt ? new Date(r.deactivatedAt).toISOString() : null,
    buyDomainCount: Number(r.buyDomainCount),
    appraisedDomainCount: Number(r.appraisedDomainCount),
    sellDomainCount: Number(r.sellDomainCount),
    userDetail: userDetailOf(r),
  };
}

async function rowsOf(db: DbOrTx, uids: string[]): Promise<AdminUser[]> {
  if (uids.length === 0) return [];
  const rows = (await db
    .select({ ...profileColumns, ...rowExtras })
    .from(users)
    .where(inArray(users.uid, uids))) as Row[];
  const byUid = new Map(rows.map((r) => [r.uid, toAdminUser(r)]));
  return uids.flatMap((u) => byUid.get(u) ?? []);
}

async function oneUser(db: DbOrTx, uid: string): Promise<AdminUser> {
  const [user] = await rowsOf(db, [uid]);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

/** GET /users: a page (10 by default, createdAt DESC) and the total. */
export async function listUsers(db: DbOrTx, q: UserListQuery): Promise<UserList> {
  const where = await listWhere(db, q);
  const [page, [total]] = await Promise.all([
    db
      .select({ uid: users.uid })
      .from(users)
      .where(where)
      .orderBy(...listOrder(q))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const n = Number(total?.n ?? 0);
  return {
    users: await rowsOf(
      db,
      page.map((p) => p.uid),
    ),
    pagination: { total: n, page: q.page, limit: q.limit, totalPage: Math.ceil(n / q.limit) },
  };
}

// ── shared rules ────────────────────────────────────────────────────────────────────────────────

async function activeUser(tx: DbOrTx, uid: string) {
  if (!UUID.test(uid)) throw new AppError('USER_NOT_FOUND');
  const [row] = await tx
    .select({ ...profileColumns, roles: rolesJson })
    .from(users)
    .where(and(eq(users.uid, uid), isNull(users.deactivatedAt)))
    .limit(1)
    .for('update');
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row as typeof row & { roles: RoleRef[] };
}

async function roleById(tx: DbOrTx, roleId: string) {
  const [role] = await tx.select().from(roles).where(eq(roles.uid, roleId)).limit(1);
  if (!role) throw new AppError('ROLE_ID_INVALID');
  return role as { uid: string; roleType: RoleType };
}

const isRole = (r: { roles: RoleRef[] }, type: RoleType) => r.roles.some((x) => x.roleType === type);

/**
 * Refuses when `uid` is the only active admin. The active admins' rows are locked first, so two
 * admins demoting each other at the same moment cannot both pass.
 */
async function assertNotLastAdmin(tx: DbOrTx, uid: string) {
  const result = await tx.execute(sql`
    select u.uid from users u
    join user_roles ur on ur.user_uid = u.uid
    join roles r on r.uid = ur.role_uid and r.role_type = 'Admin'
    where u.deactivated_at is null
    order by u.uid
    for update of u`);
  const admins = (result as unknown as { rows: { uid: string }[] }).rows;
  if (!admins.some((a) => a.uid !== uid)) throw new AppError('LAST_ADMIN');
}

/** A registrar account needs its registrar (the partner the ledger and the widget know). */
async function ensureRegistrar(
  tx: DbOrTx,
  user: { uid: string; registrarUID: string | null },
  fields: RegistrarDetails,
  now: Date,
): Promise<string> {
  if (user.registrarUID) {
    await updateRegistrarDetails(tx, user.registrarUID, fields);
    return user.registrarUID;
  }
  const uid = await createRegistrar(tx, fields, now);
  await attributeRegistrar(tx, user.uid, uid, now);
  return uid;
}

/**
 * The consultant's open leads (paid, status new) go to other active brokers by the assignment rule
 * (fewest open leads; payments/fulfil.ts), each recorded ('reassigned') and mailed to its new broker;
 * with nobody to take one, it stays without a broker and staff are told (as for a new payment).
 */
async function reassignOpenLeads(
  tx: DbOrTx,
  s: UsersServices,
  consultantUid: string,
  actorUid: string,
  now: Date,
) {
  const open = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.consultantUid, consultantUid), eq(leads.status, 'new')))
    .orderBy(asc(leads.paidAt), asc(leads.uid));
  for (const lead of open) {
    const broker = await pickConsultant(tx);
    const to = broker && broker.uid !== consultantUid ? broker : undefined;
    await changeLead(
      tx,
      lead.uid,
      { consultantUid: to?.uid ?? null, assignedAt: to ? now : lead.assignedAt },
      {
        type: 'reassigned',
        actorUid,
        at: now,
        data: { from: consultantUid, to: to?.uid ?? null, reason: 'consultant-deactivated' },
      },
    );
    const buyer = await recipient(tx, lead.userUid);
    if (to) {
      const b = await recipient(tx, to.uid);
      if (b)
        await s.enqueueMail(tx, {
          to: b.email,
          template: 'lead-reassigned',
          locale: b.locale,
          data: {
            name: b.firstName,
            domain: lead.domainName,
            buyer: buyer ? buyerName(buyer) : '',
            due: lead.responseDueAt ? mailDate(lead.responseDueAt) : '',
            url: `${s.config.publicUrl}/dashboard/leads/${lead.uid}`,
          },
        });
    } else {
      await s.enqueueMail(tx, {
        to: s.config.supportEmail,
        template: 'lead-unassigned',
        locale: 'en',
        data: {
          domain: lead.domainName,
          buyer: buyer?.email ?? lead.userUid,
          date: mailDate(now),
          lead: lead.uid,
        },
      });
    }
  }
  return open.length;
}

async function answerFor(db: DbOrTx, actor: Actor, uid: string): Promise<UserChangeAnswer> {
  const user = await oneUser(db, uid);
  if (actor.UID !== uid) return { user };
  const session = (await loadProfile(db, uid)) as UserProfile;
  return { user, session };
}

// ── create ──────────────────────────────────────────────────────────────────────────────────────

/** POST /createUser: the account (no password), its role, and the set-password link by mail. */
export async function createUser(s: UsersServices, body: CreateUserBody): Promise<AdminUser> {
  const now = s.now();
  const uid = await s.db.transaction(async (tx) => {
    const role = await roleById(tx, body.roleId);
    if (role.roleType === 'Registrar' && !body.website) throw new AppError('URL_INVALID');
    const [taken] = await tx
      .select({ uid: users.uid })
      .from(users)
      .where(eq(users.email, body.email))
      .limit(1);
    if (taken)
      throw new AppError('ALREADY_EXISTS', {
        errors: [{ field: 'email', message: FIELD_MESSAGES.USER_EMAIL_EXISTS }],
      });
    const created = await insertAccount(tx, {
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone,
      website: body.website,
      image: body.image,
      passwordHash: null,
      createdBy: 'admin',
      // The admin form's defaults: the first three privileges on (docs/product.md "Privileges", ADR 002).
      appraisalSearchUnLimit: true,
      shareDownloadAppraisal: true,
      emailAppraisalCertificate: true,
      createdAt: now,
      updatedAt: now,
    });
    if (!created) throw new AppError('ALREADY_EXISTS');
    await addRole(tx, created.uid, role.roleType);
    if (role.roleType === 'Registrar')
      await ensureRegistrar(
        tx,
        created,
        { name: fullName(body.firstName, body.lastName), image: body.image, website: body.website },
        now,
      );
    const link = await issueSetPasswordLink(tx, created.uid, s.config.publicUrl, now);
    await s.enqueueMail(tx, {
      to: body.email,
      template: 'account-created',
      locale: 'en',
      data: {
        name: body.firstName,
        email: body.email,
        role: ROLE_LABELS[role.roleType],
        url: link.url,
        date: `${link.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      },
    });
    return created.uid;
  });
  return oneUser(s.db, uid);
}

// ── edit ────────────────────────────────────────────────────────────────────────────────────────

/** PATCH /users/{id}: the fields sent; the email stays; a role change keeps at least one admin. */
export async function updateUser(
  s: UsersServices,
  actor: Actor,
  uid: string,
  body: UpdateUserBody,
): Promise<UserChangeAnswer> {
  const now = s.now();
  await s.db.transaction(async (tx) => {
    const user = await activeUser(tx, uid);
    if (body.email !== undefined && body.email !== user.email) throw new AppError('EMAIL_NOT_EDITABLE');
    let roleType: RoleType | undefined;
    let roleChanged = false;
    if (body.roleId !== undefined) {
      const role = await roleById(tx, body.roleId);
      roleType = role.roleType;
      // The form has one role: naming one the user lacks makes it their only role.
      roleChanged = !user.roles.some((r) => r.UID === role.uid);
      if (roleChanged) {
        if (isRole(user, 'Admin')) await assertNotLastAdmin(tx, uid);
        await setOnlyRole(tx, uid, role.uid);
      }
    }
    const registrar = roleChanged ? roleType === 'Registrar' : isRole(user, 'Registrar');
    const website = body.website ?? user.website;
    if (registrar && !website) throw new AppError('URL_INVALID');
    const firstName = body.firstName ?? user.firstName;
    const lastName = body.lastName ?? user.lastName;
    const image = body.image ?? user.image;
    await updateAccount(
      tx,
      uid,
      {
        firstName,
        lastName,
        phone: body.phone ?? user.phone,
        website,
        image,
        ...(body.acceptingLeads !== undefined ? { acceptingLeads: body.acceptingLeads } : {}),
      },
      now,
    );
    if (registrar)
      await ensureRegistrar(tx, user, { name: fullName(firstName, lastName), image, website }, now);
    // A consultant who stops being one can work no leads: theirs go to other brokers.
    if (roleChanged && isRole(user, 'Consultant') && roleType !== 'Consultant')
      await reassignOpenLeads(tx, s, uid, actor.UID, now);
  });
  return answerFor(s.db, actor, uid);
}

/** PATCH /updatePrivileges/{id}: the flags and percentages sent. */
export async function updatePrivileges(
  s: UsersServices,
  actor: Actor,
  uid: string,
  body: UpdatePrivilegesBody,
): Promise<UserChangeAnswer> {
  const now = s.now();
  await s.db.transaction(async (tx) => {
    await activeUser(tx, uid);
    const set: AccountChanges = {};
    if (body.AppraisalSearchUnLimit !== undefined) set.appraisalSearchUnLimit = body.AppraisalSearchUnLimit;
    if (body.ShareDownloadAppraisal !== undefined) set.shareDownloadAppraisal = body.ShareDownloadAppraisal;
    if (body.EmailAppraisalCertificate !== undefined)
      set.emailAppraisalCertificate = body.EmailAppraisalCertificate;
    if (body.WeeklyAppraisalSearchHistoryReport !== undefined)
      set.weeklyAppraisalSearchHistoryReport = body.WeeklyAppraisalSearchHistoryReport;
    if (body.ChangeAppraisedDomainValues !== undefined)
      set.changeAppraisedDomainValues = body.ChangeAppraisedDomainValues;
    if (body.ChangeCategoryValues !== undefined) set.changeCategoryValues = body.ChangeCategoryValues;
    if (body.percentage !== undefined) set.percentage = body.percentage;
    if (body.commissionPercentage !== undefined) set.commissionPercentage = body.commissionPercentage;
    await updateAccount(tx, uid, set, now);
  });
  return answerFor(s.db, actor, uid);
}

// ── delete ──────────────────────────────────────────────────────────────────────────────────────

/**
 * DELETE /users/{id}: deactivated and anonymised, never removed (payments, leads and commissions
 * point at the row). Sessions and pending links end; a consultant's open leads are reassigned.
 */
export async function deleteUser(s: UsersServices, actor: Actor, uid: string): Promise<void> {
  if (uid === actor.UID) throw new AppError('CANNOT_DELETE_SELF');
  const now = s.now();
  await s.db.transaction(async (tx) => {
    const user = await activeUser(tx, uid);
    if (isRole(user, 'Admin')) await assertNotLastAdmin(tx, uid);
    await updateAccount(
      tx,
      uid,
      {
        email: deletedEmail(uid),
        firstName: 'Deleted',
        lastName: 'user',
        passwordHash: null,
        googleSub: null,
        phone: '',
        website: '',
        image: '',
        userInterested: null,
        acceptingLeads: false,
        deactivatedAt: now,
      },
      now,
    );
    await revokeAllSessions(tx, uid, now);
    await retireCodes(tx, uid, now);
    if (isRole(user, 'Consultant')) await reassignOpenLeads(tx, s, uid, actor.UID, now);
  });
}
