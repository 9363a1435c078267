/**
 * Named prepared statements on PGlite. On PostgreSQL, Drizzle's `.prepare(name)` is a server-side
 * prepared statement: pg parses and plans it once per connection. Drizzle's PGlite driver ignores the
 * name and sends every execution as an unnamed statement, so PGlite parses and plans it again each
 * time; for the session lookup (a join and a roles aggregate) that planning cost more than running it.
 *
 * `useNamedStatements` makes `.prepare(name)` mean the same on both engines: the statement is parsed
 * once under its name in PGlite's single backend, and each execution only binds and runs it. It speaks
 * the same extended protocol as PGlite's own `query` (parse, describe, bind, describe, execute, sync),
 * under the same locks (it waits for a running transaction like any query outside it), with the same
 * type serializers and parsers, so callers get the same rows and the same errors. Statements prepared
 * inside a transaction, and queries without a name, are untouched.
 */
import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import type { Db } from './client.ts';

type QueryOptions = NonNullable<Parameters<PGlite['query']>[2]>;
type Messages = Awaited<ReturnType<PGlite['execProtocolStream']>>;
interface Statement {
  text: string;
  paramTypes: number[];
}
interface Prepared {
  client: { query(text: string, params?: unknown[], options?: QueryOptions): Promise<unknown> };
}
interface DrizzleSession {
  prepareQuery(query: unknown, fields: unknown, name: string | undefined, ...rest: unknown[]): Prepared;
}

/** SQLSTATE 26000: the backend no longer knows the statement (DEALLOCATE, DISCARD ALL). */
const UNKNOWN_STATEMENT = '26000';

export function useNamedStatements(db: Db, pglite: PGlite): void {
  const { serialize } = protocol;
  const statements = new Map<string, Statement>();
  const exec = (message: Uint8Array, options?: QueryOptions) =>
    pglite.execProtocolStream(message, { syncToFs: false, onNotice: options?.onNotice });

  async function runOnce(name: string, text: string, params: unknown[], options?: QueryOptions) {
    const messages: Messages = [];
    try {
      let statement = statements.get(name);
      if (!statement) {
        await exec(serialize.parse({ name, text, types: options?.paramTypes }), options);
        const described = await exec(serialize.describe({ type: 'S', name }), options);
        statement = { text, paramTypes: parse.parseDescribeStatementResults(described) };
        statements.set(name, statement);
      } else if (statement.text !== text) {
        // as pg does: one name, one statement
        throw new Error(`Prepared statements must be unique - '${name}' was used for a different statement`);
      }
      const types = statement.paramTypes;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = types[i] as number;
        const serializer = options?.serializers?.[type] ?? pglite.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(
        ...(await exec(serialize.bind({ statement: name, values }), options)),
        ...(await exec(serialize.describe({ type: 'P' }), options)),
        ...(await exec(serialize.execute({}), options)),
      );
    } finally {
      messages.push(...(await exec(serialize.sync(), options)));
    }
    await pglite.syncToFs();
    return parse.parseResults(messages, pglite.parsers, options)[0];
  }

  async function run(name: string, text: string, params: unknown[] = [], options?: QueryOptions) {
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        try {
          return await runOnce(name, text, params, options);
        } catch (err) {
          if ((err as { code?: string }).code !== UNKNOWN_STATEMENT || !statements.has(name)) throw err;
          statements.delete(name); // dropped behind our back: parse it again
          return runOnce(name, text, params, options);
        }
      }),
    );
  }

  const session = (db as unknown as { session: DrizzleSession }).session;
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (query, fields, name, ...rest) => {
    const prepared = prepareQuery(query, fields, name, ...rest);
    if (name) prepared.client = { query: (text, params, options) => run(name, text, params, options) };
    return prepared;
  };
}
