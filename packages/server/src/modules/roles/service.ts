/** The role list (reference data, written by its owner profile/accounts.ts and the seed). */
import { asc } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { roles } from '#server/db/schema/index.ts';

/** Every role, by type. */
export async function listRoles(db: Db) {
  return db.select({ UID: roles.uid, roleType: roles.roleType }).from(roles).orderBy(asc(roles.roleType));
}
