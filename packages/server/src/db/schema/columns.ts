/**
 * The columns most tables share, written once: every table file builds its primary key, its timestamps,
 * its money and its links to users, leads and registrars from these. Not exported from `index.ts`: they
 * are builders, not tables. Table files import them as one namespace, `import * as col from
 * './columns.ts'`, so a table reads `col.uidKey()` for a shared builder beside drizzle's own `text()`.
 * They are function declarations because this file and the table files import each other (the links
 * below name `users`, `leads` and `registrars`): a declaration is ready before any module of the cycle
 * runs.
 */
import { type AnyPgColumn, bigint, bigserial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { registrars, users } from './accounts.ts';
import { leads } from './leads.ts';

/** Every time column is a timestamp with time zone. */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true });
}

/** The random uuid key of a table (`uid`). */
export function uidKey() {
  return uuid('uid').primaryKey().defaultRandom();
}

/** The growing integer key of an append-only table (`id`). */
export function serialId() {
  return bigserial('id', { mode: 'number' }).primaryKey();
}

/** Money: integer US cents (packages/shared/src/pricing.ts). */
export function cents(name: string) {
  return bigint(name, { mode: 'number' });
}

/** `created_at`, set by the database on insert. */
export function createdAt() {
  return timestamptz('created_at').notNull().defaultNow();
}

/**
 * `created_at` and `updated_at`, both set by the database on insert (`updated_at` then by the service on
 * every change); spread into the table's columns.
 */
export function times() {
  return {
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  };
}

/** `created_at` and `updated_at` the service sets itself from its clock: no database default. */
export function stampedTimes() {
  return {
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  };
}

/** `created_at` the service sets itself from its clock: no database default. */
export function stampedCreatedAt() {
  return timestamptz('created_at').notNull();
}

/**
 * A link to the row this one belongs to, by its uuid key: deleted with it (`ON DELETE CASCADE`);
 * `.notNull()` where every row has one.
 */
export function belongsTo(name: string, parent: () => AnyPgColumn) {
  return uuid(name).references(parent, { onDelete: 'cascade' });
}

/** The user a row belongs to (`user_uid`), deleted with the account; `.notNull()` where every row has one. */
export function userUid() {
  return belongsTo('user_uid', () => users.uid);
}

/** A user who acted on a row (an author, a decider): kept as null when the account is deleted. */
export function actorUid(name: string) {
  return uuid(name).references(() => users.uid, { onDelete: 'set null' });
}

/** The lead a row belongs to (`lead_uid`), deleted with the lead; `.notNull()` where every row has one. */
export function leadUid() {
  return belongsTo('lead_uid', () => leads.uid);
}

/** The registrar a row belongs to (`registrar_uid`), deleted with the registrar. */
export function registrarUid() {
  return text('registrar_uid').references(() => registrars.uid, { onDelete: 'cascade' });
}
