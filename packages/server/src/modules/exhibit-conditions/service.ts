/**
 * Keyword category percentages ("Estibot category", Exhibit B): the premium the appraisal engine adds
 * to names in a commercial category. The rows mirror the engine's CATEGORIES; missing ones are created
 * with the engine's defaults, so every database (seeded or not) lists them all.
 */
import { CATEGORIES } from '@domain-broker/appraisal';
import { AppError } from '@domain-broker/shared/errors';
import type { ExhibitCondition } from '@domain-broker/shared/schemas/appraisal';
import { asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { exhibitConditions } from '#server/db/schema/index.ts';
import { invalidateAll } from '../appraisal/record.ts';

export const EXHIBIT_B = 'ExhibitB';

const titleCase = (s: string) => s.replace(/(^|\s)\S/g, (m) => m.toUpperCase());

/** Inserts the engine's categories that have no row yet (idempotent; the seed calls it too). */
export async function ensureExhibitConditions(db: DbOrTx): Promise<void> {
  await db
    .insert(exhibitConditions)
    .values(
      CATEGORIES.map((c) => ({
        type: EXHIBIT_B,
        categoryId: c.id,
        condition: `Names with ${c.label} keywords (${c.words.slice(0, 4).join(', ')}, …)`,
        categoryName: titleCase(c.label),
        percentage: c.defaultPercentage,
      })),
    )
    .onConflictDoNothing();
}

type Row = typeof exhibitConditions.$inferSelect;

export function toExhibitCondition(r: Row): ExhibitCondition {
  return {
    UID: r.uid,
    condition: r.condition,
    type: r.type,
    categoryName: r.categoryName,
    description: [{ UID: r.descriptionUid, description: String(r.percentage) }],
    percentage: r.percentage,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listExhibitConditions(db: Db): Promise<ExhibitCondition[]> {
  await ensureExhibitConditions(db);
  const rows = await db
    .select()
    .from(exhibitConditions)
    .where(eq(exhibitConditions.type, EXHIBIT_B))
    .orderBy(asc(exhibitConditions.categoryName));
  return rows.map(toExhibitCondition);
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Changes a category's name and percentage; every cached appraisal is stale afterwards. */
export async function updateExhibitCondition(
  db: Db,
  id: string,
  patch: { categoryName?: string; percentage: number },
  by: string,
  now: Date,
): Promise<ExhibitCondition> {
  if (!UUID_RE.test(id)) throw new AppError('NOT_FOUND');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(exhibitConditions)
      .set({
        percentage: patch.percentage,
        ...(patch.categoryName ? { categoryName: patch.categoryName } : {}),
        updatedBy: by,
        updatedAt: now,
      })
      .where(eq(exhibitConditions.uid, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    await invalidateAll(tx);
    return toExhibitCondition(row);
  });
}
