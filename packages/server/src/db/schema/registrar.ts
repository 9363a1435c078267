import { date, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import * as col from './columns.ts';

/**
 * Clicks on a registrar's widget: one row per visitor, registrar, domain and day (the unique index makes
 * a repeated click a no-op). The visitor key is a hash, never a raw address.
 */
export const registrarClicks = pgTable(
  'registrar_clicks',
  {
    registrarUid: col.registrarUid().notNull(),
    domainName: text('domain_name').notNull(),
    visitorKey: text('visitor_key').notNull(),
    day: date('day').notNull(),
    createdAt: col.createdAt(),
  },
  (t) => [
    uniqueIndex('registrar_clicks_once_a_day').on(t.registrarUid, t.domainName, t.visitorKey, t.day),
    index('registrar_clicks_registrar_day_idx').on(t.registrarUid, t.day),
  ],
);
