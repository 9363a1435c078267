import { eq, sql } from 'drizzle-orm';
import { boolean, integer, json, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';

// A table of its own, so the test covers the engine's types without the app's schema.
const things = pgTable('things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }),
  flag: boolean('flag').notNull(),
  extra: json('extra'),
});

describe('named prepared statements on PGlite', () => {
  let database: Database;
  const prepared = (db: Database['db']) =>
    db
      .select()
      .from(things)
      .where(
        sql`${things.seenAt} > ${sql.placeholder('after')}::timestamptz and ${things.flag} = ${sql.placeholder('flag')}`,
      )
      .orderBy(things.id)
      .prepare('things_after');
  const pglite = () => {
    if (!database.pglite) throw new Error('not PGlite');
    return database.pglite;
  };
  const statements = async () =>
    (
      await pglite().query<{ name: string }>('select name from pg_prepared_statements order by name')
    ).rows.map((r) => r.name);

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    await pglite().exec(
      'create table things (id int primary key, name text not null, seen_at timestamptz, flag boolean not null, extra json)',
    );
    await database.db.insert(things).values([
      { id: 1, name: 'old', seenAt: new Date('2026-01-01T00:00:00Z'), flag: true, extra: { a: 1 } },
      { id: 2, name: 'new', seenAt: new Date('2026-06-01T00:00:00Z'), flag: true, extra: [1, 'two'] },
      { id: 3, name: 'off', seenAt: new Date('2026-06-01T00:00:00Z'), flag: false, extra: null },
      { id: 4, name: 'never', seenAt: null, flag: true, extra: null },
    ]);
  });
  afterAll(() => database.close());

  it('answer the same rows as the unprepared query, parsing the statement once for every execution', async () => {
    const query = prepared(database.db);
    expect(await statements()).not.toContain('things_after');
    for (const [after, flag] of [
      ['2025-12-31T00:00:00.000Z', true],
      ['2026-03-01T00:00:00.000Z', true],
      ['2026-03-01T00:00:00.000Z', false],
      ['2027-01-01T00:00:00.000Z', true],
    ] as const) {
      const plain = await database.db
        .select()
        .from(things)
        .where(sql`${things.seenAt} > ${after}::timestamptz and ${things.flag} = ${flag}`)
        .orderBy(things.id);
      expect(await query.execute({ after, flag })).toEqual(plain);
    }
    expect(await query.execute({ after: '2026-03-01T00:00:00.000Z', flag: true })).toEqual([
      { id: 2, name: 'new', seenAt: new Date('2026-06-01T00:00:00Z'), flag: true, extra: [1, 'two'] },
    ]);
    expect((await statements()).filter((n) => n === 'things_after')).toHaveLength(1);
    // a second query object with the same name and text shares the statement
    expect(await prepared(database.db).execute({ after: '2027-01-01T00:00:00.000Z', flag: true })).toEqual(
      [],
    );
  });

  it('report a database error as the unprepared query does, and keep working after it', async () => {
    const insert = database.db
      .insert(things)
      .values({ id: sql.placeholder('id'), name: sql.placeholder('name'), flag: true })
      .prepare('things_insert');
    const err = await insert.execute({ id: 1, name: 'again' }).catch((e: unknown) => e);
    const plain = await database.db
      .insert(things)
      .values({ id: 1, name: 'again', flag: true })
      .catch((e: unknown) => e);
    expect((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code).toBe(
      '23505',
    );
    expect(String(err)).toBe(String(plain));
    await insert.execute({ id: 5, name: 'five' });
    expect(await database.db.select({ name: things.name }).from(things).where(eq(things.id, 5))).toEqual([
      { name: 'five' },
    ]);
  });

  it('parse the statement again when the backend has dropped it', async () => {
    const query = prepared(database.db);
    await query.execute({ after: '2025-12-31T00:00:00.000Z', flag: true });
    await pglite().exec('deallocate all');
    expect(await statements()).toEqual([]);
    expect(await query.execute({ after: '2025-12-31T00:00:00.000Z', flag: true })).toHaveLength(2);
    expect(await statements()).toContain('things_after');
  });

  it('refuse one name for two different statements, as pg does', async () => {
    const other = database.db
      .select()
      .from(things)
      .where(eq(things.id, sql.placeholder('id')))
      .prepare('things_after');
    await prepared(database.db).execute({ after: '2025-12-31T00:00:00.000Z', flag: true });
    const err = await other.execute({ id: 1 }).catch((e: unknown) => e);
    expect((err as Error).cause).toEqual(
      new Error("Prepared statements must be unique - 'things_after' was used for a different statement"),
    );
  });
});
