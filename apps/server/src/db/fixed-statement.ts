import { getTableColumns, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

const dialect = new PgDialect({ casing: 'snake_case' });

type Query = ReturnType<PgDialect['sqlToQuery']>;

/**
 * A statement of fixed shape on a hot path (placing an order, docs/decisions/0050): Drizzle renders its
 * SQL once, with `sql.placeholder(name)` for every value, and each run hands that text and the values
 * straight to the executor's session (the transaction's connection, on either driver). On PostgreSQL it
 * is a named prepared statement, parsed once per connection. Lists are passed as one array value
 * (`= any(…::uuid[])`, `unnest(…)`) so that the shape never changes with their length. Values go to the
 * driver as they are (no column encoders): pass dates as ISO strings, JSON as text. Rows come back as the
 * database names them, timestamps as text: read them with rowReader().
 */
export function fixedStatement<Values extends Record<string, unknown>, Row = Record<string, unknown>>(
  name: string,
  build: () => SQL,
): (db: Executor, values: Values) => Promise<Row[]> {
  let query: Query | undefined;
  return async (db, values) => {
    query ??= dialect.sqlToQuery(build());
    const prepared = db._.session.prepareQuery(query, undefined, name, false);
    const result = (await prepared.execute(values)) as { rows: Row[] };
    return result.rows;
  };
}

/**
 * Reads a row of `table` as a fixedStatement (or `to_json`) answers it, keyed by column name, into the
 * row Drizzle's own queries answer: each value through its column's decoder, as Drizzle does.
 */
export function rowReader<T extends PgTable>(table: T): (raw: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, column }));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const { key, column } of columns) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}
