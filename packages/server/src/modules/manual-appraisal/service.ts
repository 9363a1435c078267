/**
 * Manual appraisals (docs/product.md "Staff workspace"; ADR 010): a broker's value or a block for one domain,
 * applied on top of the engine. Every change deletes the domain's cached answers in the same
 * transaction (the cache key would miss them anyway; see appraisal/record.ts).
 */
import { AppError } from '@domain-broker/shared/errors';
import type {
  CreateManualAppraisalBody,
  ManualAppraisal,
  ManualAppraisalListQuery,
} from '@domain-broker/shared/schemas/appraisal';
import { hasManualValue } from '@domain-broker/shared/schemas/appraisal';
import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import { asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { manualAppraisals } from '#server/db/schema/index.ts';
import { invalidateDomain } from '../appraisal/record.ts';

type Row = typeof manualAppraisals.$inferSelect;

export function toManualAppraisal(r: Row): ManualAppraisal {
  return {
    UID: r.uid,
    domainName: r.domainName,
    manualValue: r.manualValue,
    isBlocked: r.isBlocked,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const SORT_COLUMNS = {
  createdAt: manualAppraisals.createdAt,
  updatedAt: manualAppraisals.updatedAt,
  domainName: manualAppraisals.domainName,
  manualValue: manualAppraisals.manualValue,
  isBlocked: manualAppraisals.isBlocked,
} as const;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listManualAppraisals(db: Db, q: ManualAppraisalListQuery) {
  const where: SQL | undefined = q.search
    ? ilike(manualAppraisals.domainName, `%${escapeLike(q.search.toLowerCase())}%`)
    : undefined;
  const column = SORT_COLUMNS[q.sortBy];
  const order = q.sortType === 'asc' ? asc(column) : desc(column);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(manualAppraisals)
      .where(where)
      .orderBy(order, desc(manualAppraisals.uid))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(manualAppraisals).where(where),
  ]);
  const items = rows.map(toManualAppraisal);
  return { items, manualAppraisal: items, total: Number(totalRow?.n ?? 0), page: q.page, limit: q.limit };
}

export async function findByDomain(db: Db, domainName: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(manualAppraisals)
    .where(eq(manualAppraisals.domainName, domainName))
    .limit(1);
  return row;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findById(db: Db, id: string): Promise<Row | undefined> {
  if (!UUID_RE.test(id)) return undefined;
  const [row] = await db.select().from(manualAppraisals).where(eq(manualAppraisals.uid, id)).limit(1);
  return row;
}

export interface ManualInput {
  domainName: string;
  manualValue: number;
  isBlocked: boolean;
}

/**
 * POST /manualAppraisal: the entry the staff member's form describes (a blocked name without a value
 * is stored at 0); replacing an existing one needs ChangeAppraisedDomainValues.
 */
export async function addManualAppraisal(
  db: Db,
  user: UserProfile,
  body: CreateManualAppraisalBody,
  now: Date,
): Promise<ManualAppraisal> {
  const { entry } = await createManualAppraisal(
    db,
    {
      domainName: body.domainName,
      manualValue: body.isBlocked ? (body.manualValue ?? 0) : body.manualValue!,
      isBlocked: body.isBlocked ?? false,
    },
    {
      overwrite: body.overwrite ?? false,
      canOverwrite: user.userDetail.ChangeAppraisedDomainValues,
      by: user.UID,
      now,
    },
  );
  return entry;
}

/** Creates an entry; a domain that already has one answers 409 with that entry (unless `overwrite`). */
export async function createManualAppraisal(
  db: Db,
  input: ManualInput,
  opts: { overwrite: boolean; by: string; now: Date; canOverwrite: boolean },
): Promise<{ entry: ManualAppraisal; created: boolean }> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(manualAppraisals)
      .values({ ...input, createdBy: opts.by, createdAt: opts.now, updatedAt: opts.now })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      await invalidateDomain(tx, input.domainName);
      return { entry: toManualAppraisal(inserted), created: true };
    }
    const [existing] = await tx
      .select()
      .from(manualAppraisals)
      .where(eq(manualAppraisals.domainName, input.domainName))
      .limit(1);
    if (!opts.overwrite)
      throw new AppError('MANUAL_APPRAISAL_EXISTS', {
        data: existing ? toManualAppraisal(existing) : undefined,
      });
    if (!opts.canOverwrite) throw new AppError('ACTION_NOT_PERMITTED');
    const [updated] = await tx
      .update(manualAppraisals)
      .set({ manualValue: input.manualValue, isBlocked: input.isBlocked, updatedAt: opts.now })
      .where(eq(manualAppraisals.domainName, input.domainName))
      .returning();
    await invalidateDomain(tx, input.domainName);
    return { entry: toManualAppraisal(updated!), created: false };
  });
}

export async function updateManualAppraisal(
  db: Db,
  id: string,
  patch: Partial<ManualInput>,
  now: Date,
): Promise<ManualAppraisal> {
  const current = await findById(db, id);
  if (!current) throw new AppError('NOT_FOUND');
  const next = {
    domainName: patch.domainName ?? current.domainName,
    manualValue: patch.manualValue ?? current.manualValue,
    isBlocked: patch.isBlocked ?? current.isBlocked,
  };
  if (!hasManualValue(next)) throw new AppError('MANUAL_APPRAISAL_VALUE_REQUIRED');
  if (next.domainName !== current.domainName) {
    const clash = await findByDomain(db, next.domainName);
    if (clash) throw new AppError('MANUAL_APPRAISAL_EXISTS', { data: toManualAppraisal(clash) });
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(manualAppraisals)
      .set({ ...next, updatedAt: now })
      .where(eq(manualAppraisals.uid, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    await invalidateDomain(tx, current.domainName);
    if (next.domainName !== current.domainName) await invalidateDomain(tx, next.domainName);
    return toManualAppraisal(row);
  });
}

export async function deleteManualAppraisal(db: Db, id: string): Promise<void> {
  if (!UUID_RE.test(id)) throw new AppError('NOT_FOUND');
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(manualAppraisals).where(eq(manualAppraisals.uid, id)).returning();
    if (!row) throw new AppError('NOT_FOUND');
    await invalidateDomain(tx, row.domainName);
  });
}
