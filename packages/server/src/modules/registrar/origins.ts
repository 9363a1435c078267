/**
 * A registrar's self-service allowed origins (docs/registrar-integration.md; packages/shared/src/schemas/registrar-origins.ts).
 *
 * The list lives in `registrars.allowed_origins`, the one column both the frame pages' CSP
 * `frame-ancestors` and the frame's origin check read on every request (modules/widget/routes.ts reads
 * the row per page and keeps no copy of it), so a change is effective on the next frame load.
 * Changes lock the row, so two tabs adding at once cannot exceed the limit or add a duplicate.
 */
import { AppError } from '@domain-broker/shared/errors';
import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import { MAX_ALLOWED_ORIGINS, type RegistrarOrigins } from '@domain-broker/shared/schemas/registrar-origins';
import { normalizeOrigins, toOrigin } from '@domain-broker/shared/widget-contract';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { registrars } from '#server/db/schema/accounts.ts';

type Row = typeof registrars.$inferSelect;

const answer = (row: Row, origins = normalizeOrigins(row.allowedOrigins)): RegistrarOrigins => ({
  registrarUID: row.uid,
  name: row.name,
  origins,
  maxOrigins: MAX_ALLOWED_ORIGINS,
});

/** The signed-in registrar's own registrar id; a Registrar account tied to no registrar has none. */
function ownRegistrar(user: UserProfile): string {
  if (!user.registrarUID) throw new AppError('REGISTRAR_NOT_FOUND');
  return user.registrarUID;
}

export async function getOrigins(db: Db, user: UserProfile): Promise<RegistrarOrigins> {
  const uid = ownRegistrar(user);
  const [row] = await db.select().from(registrars).where(eq(registrars.uid, uid)).limit(1);
  if (!row) throw new AppError('REGISTRAR_NOT_FOUND');
  return answer(row);
}

/** Changes the list under a row lock; `change` gets the normalised list and returns the new one. */
async function changeOrigins(
  db: Db,
  user: UserProfile,
  change: (origins: string[]) => string[],
): Promise<RegistrarOrigins> {
  const uid = ownRegistrar(user);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(registrars).where(eq(registrars.uid, uid)).for('update');
    if (!row) throw new AppError('REGISTRAR_NOT_FOUND');
    const origins = change(normalizeOrigins(row.allowedOrigins));
    await tx.update(registrars).set({ allowedOrigins: origins }).where(eq(registrars.uid, uid));
    return answer(row, origins);
  });
}

/** Adds an origin already checked and normalised by `AddOriginBody`. */
export function addOrigin(db: Db, user: UserProfile, origin: string): Promise<RegistrarOrigins> {
  return changeOrigins(db, user, (origins) => {
    if (origins.includes(origin)) throw new AppError('ORIGIN_ALREADY_ADDED');
    if (origins.length >= MAX_ALLOWED_ORIGINS) throw new AppError('ORIGIN_LIMIT');
    return [...origins, origin];
  });
}

/** Removes an origin, compared after the same normalisation as the stored list (or as written). */
export function removeOrigin(db: Db, user: UserProfile, input: string): Promise<RegistrarOrigins> {
  const origin = toOrigin(input) ?? input;
  return changeOrigins(db, user, (origins) => {
    if (!origins.includes(origin)) throw new AppError('ORIGIN_NOT_FOUND');
    return origins.filter((o) => o !== origin);
  });
}
