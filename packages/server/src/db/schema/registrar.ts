import { date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { registrars } from './accounts.ts';

/**
 * Clicks on a registrar's widget: one row per visitor, registrar, domain and day (the unique index makes
 * a repeated click a no-op). The visitor key is a hash, never a raw address.
 */
export const registrarClicks = pgTable(
  'registrar_clicks',
  {
    registrarUid: text('registrar_uid')
      .notNull()
      .references(() => registrars.uid, { onDelete: 'cascade' }),
    domainName: text('domain_name').notNull(),
    visitorKey: text('visitor_key').notNull(),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('registrar_clicks_once_a_day').on(t.registrarUid, t.domainName, t.visitorKey, t.day),
    index('registrar_clicks_registrar_day_idx').on(t.registrarUid, t.day),
  ],
);
