import { and, desc, eq, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from '../lib/errors.ts';

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
