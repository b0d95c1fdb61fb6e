import { and, desc, eq, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { badRequest } from '../lib/errors.ts';
import type { Executor } from './client.ts';
import { countUpTo, TOTAL_COUNT_CAP } from './count.ts';

/**
 * Keyset paging, newest first, on (created_at, id). The cursor carries the last row's timestamp as
 * PostgreSQL prints it, to the microsecond: a JavaScript Date keeps only milliseconds, and a cursor
 * rounded to them would skip rows created within the same millisecond.
 */
export interface Keyset {
  at: string;
  id: string;
}

/** The last row's position as text, selected beside the row. */
export const keysetAt = (createdAt: AnyColumn) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const encodeCursor = (keyset: Keyset) =>
  Buffer.from(`${keyset.at}|${keyset.id}`, 'utf8').toString('base64url');

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-zA-Z-]{1,100})$/;

export function decodeCursor(cursor: string): Keyset {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2])
    throw badRequest('This page link is not valid any more: start from the first page.');
  return { at: match[1], id: match[2] };
}

/** Rows strictly after the cursor in newest-first order. */
export const afterKeyset = (createdAt: AnyColumn, id: AnyColumn, keyset: Keyset): SQL | undefined =>
  or(
    lt(createdAt, sql`${keyset.at}::timestamptz`),
    and(eq(createdAt, sql`${keyset.at}::timestamptz`), lt(id, keyset.id)),
  );

export const newestFirst = (createdAt: AnyColumn, id: AnyColumn) => [desc(createdAt), desc(id)];

/** `term` as a LIKE pattern matching it anywhere, its own % and _ taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a paged admin list answers: the rows, the total under the filters, the next page's cursor. */
export interface Page<T> {
  rows: T[];
  /** Matches, exact up to TOTAL_COUNT_CAP; `capped` when there are more. */
  total: number;
  capped: boolean;
  nextCursor: string | null;
}

/**
 * One page of `table` newest first, by keyset (`cursor`) or offset (`page`), under `where`, with the
 * matches counted up to TOTAL_COUNT_CAP: what every paged admin list answers (Make Admin, the audit log).
 * `at` and `id` are the table's (created_at, id) columns; `toDto` maps a row to the wire.
 */
export async function keysetPage<TRow extends { id: string }, T>(
  db: Executor,
  source: { table: PgTable; at: AnyColumn; id: AnyColumn; where: SQL | undefined },
  query: { limit: number; cursor?: string | undefined; page?: number | undefined },
  toDto: (row: TRow) => T,
): Promise<Page<T>> {
  const { table, at, id, where } = source;
  const keyset = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const [rows, total] = await Promise.all([
    db
      .select({ row: table, position: keysetAt(at) })
      .from(table)
      .where(and(where, keyset && afterKeyset(at, id, keyset)))
      .orderBy(...newestFirst(at, id))
      .limit(query.limit + 1)
      .offset(keyset ? 0 : ((query.page ?? 1) - 1) * query.limit) as unknown as Promise<
      { row: TRow; position: string }[]
    >,
    countUpTo(db, table, where, TOTAL_COUNT_CAP),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rows: page.map((row) => toDto(row.row)),
    total: Math.min(total, TOTAL_COUNT_CAP),
    capped: total > TOTAL_COUNT_CAP,
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ at: last.position, id: last.row.id }) : null,
  };
}
