/** Registrar partners: public details, the widget's allow-list, click recording. */
import { createHash, randomBytes } from 'node:crypto';
import { isDeviceId } from '@domain-broker/shared/constants';
import { AppError } from '@domain-broker/shared/errors';
import { LOW_BUDGET_BELOW_CENTS } from '@domain-broker/shared/pricing';
import { isDomainSyntax, normalizeDomainInput } from '@domain-broker/shared/validators';
import { normalizeOrigins, type WidgetRegistrar } from '@domain-broker/shared/widget-contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { registrars } from '#server/db/schema/accounts.ts';
import { registrarClickDays } from '#server/db/schema/partners.ts';
import { registrarClicks } from '#server/db/schema/registrar.ts';

export interface PublicRegistrar {
  UID: string;
  name: string;
  image: string;
  website: string;
}

/** A registrar's details as the admin's Users tab edits them with the registrar's account. */
export interface RegistrarDetails {
  name: string;
  image: string;
  website: string;
}

/** The registrar's shareable id: readable and unique (the `?registrarId=` of the registrar's link). */
const newRegistrarUid = () => `r-${randomBytes(6).toString('hex')}`;
const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** A new registrar for a registrar account; its website's origin is the widget's first allowed origin. */
export async function createRegistrar(tx: DbOrTx, fields: RegistrarDetails, now: Date): Promise<string> {
  const uid = newRegistrarUid();
  const origin = originOf(fields.website);
  await tx.insert(registrars).values({
    uid,
    name: fields.name,
    image: fields.image,
    website: fields.website,
    allowedOrigins: origin ? [origin] : [],
    createdAt: now,
  });
  return uid;
}

/** The registrar's name, picture and website, kept equal to its account's. */
export async function updateRegistrarDetails(
  tx: DbOrTx,
  uid: string,
  fields: RegistrarDetails,
): Promise<void> {
  await tx
    .update(registrars)
    .set({ name: fields.name, image: fields.image, website: fields.website })
    .where(eq(registrars.uid, uid));
}

export async function findRegistrar(db: DbOrTx, uid: string) {
  const [row] = await db.select().from(registrars).where(eq(registrars.uid, uid)).limit(1);
  return row;
}

export async function getPublicRegistrar(db: Db, uid: string): Promise<PublicRegistrar> {
  const row = await findRegistrar(db, uid);
  if (!row) throw new AppError('REGISTRAR_NOT_FOUND');
  return { UID: row.uid, name: row.name, image: row.image, website: row.website };
}

/** What the widget frame needs to decide whether it may render for the page embedding it. */
export function toWidgetRegistrar(row: typeof registrars.$inferSelect): WidgetRegistrar {
  return {
    UID: row.uid,
    name: row.name,
    image: row.image,
    allowedOrigins: normalizeOrigins(row.allowedOrigins),
  };
}

export async function getWidgetRegistrar(db: Db, uid: string): Promise<WidgetRegistrar> {
  const row = await findRegistrar(db, uid);
  if (!row) throw new AppError('REGISTRAR_NOT_FOUND');
  return toWidgetRegistrar(row);
}

export async function listRegistrars(db: Db): Promise<PublicRegistrar[]> {
  const rows = await db.select().from(registrars).orderBy(asc(registrars.name));
  return rows.map((r) => ({ UID: r.uid, name: r.name, image: r.image, website: r.website }));
}

export interface ClickInput {
  registrarUid: string;
  domainName: string;
  /** A device id, or the address and browser of an anonymous visitor; hashed before storage. */
  visitor: string;
  now: Date;
  offerAmount?: number;
}

export interface ClickResult {
  /** False when this visitor already clicked for this domain today. */
  recorded: boolean;
  /** The visitor's budget is below what a held domain usually needs: the portal offers alternatives. */
  lowBudget: boolean;
}

export async function recordClick(db: Db, input: ClickInput): Promise<ClickResult> {
  const registrar = await findRegistrar(db, input.registrarUid);
  if (!registrar) throw new AppError('REGISTRAR_NOT_FOUND');
  const visitorKey = createHash('sha256').update(`${input.registrarUid}\0${input.visitor}`).digest('hex');
  const day = input.now.toISOString().slice(0, 10);
  // One statement: the click (once per visitor, domain and day) and, only when it was new, the day's
  // count the dashboard reads (registrar_click_days, migration 0011).
  const inserted = await db.execute(sql`
    with ins as (
      insert into ${registrarClicks} (registrar_uid, domain_name, visitor_key, day)
      values (${input.registrarUid}, ${input.domainName}, ${visitorKey}, ${day})
      on conflict do nothing
      returning registrar_uid, day
    ), counted as (
      insert into ${registrarClickDays} (registrar_uid, day, clicks)
      select registrar_uid, day, 1 from ins
      on conflict (registrar_uid, day) do update set clicks = ${registrarClickDays.clicks} + 1
      returning day
    )
    select day from counted`);
  const lowBudget = input.offerAmount !== undefined && input.offerAmount * 100 < LOW_BUDGET_BELOW_CENTS;
  return { recorded: (inserted as unknown as { rows: unknown[] }).rows.length > 0, lowBudget };
}

/** A click as the request tells it: the domain as sent (body, else the query's dn) and who sent it. */
export interface ClickRequest {
  registrarUid: string;
  domainInput: string;
  offerAmount?: number;
  /** The X-Device-Id header, the client's address and its User-Agent. */
  deviceId: string | undefined;
  ip: string;
  userAgent: string | undefined;
  now: Date;
}

/**
 * POST /updateClicks: the domain must be one (DOMAIN_INVALID); the visitor is the device id when it is
 * well formed, else the address and the browser. Then recordClick.
 */
export async function countClick(db: Db, r: ClickRequest): Promise<ClickResult> {
  const domainName = normalizeDomainInput(r.domainInput);
  if (!domainName || !isDomainSyntax(domainName)) throw new AppError('DOMAIN_INVALID');
  const visitor = isDeviceId(r.deviceId)
    ? `device:${r.deviceId}`
    : `ip:${r.ip}|${(r.userAgent ?? '').slice(0, 200)}`;
  return recordClick(db, {
    registrarUid: r.registrarUid,
    domainName,
    visitor,
    now: r.now,
    offerAmount: r.offerAmount,
  });
}
