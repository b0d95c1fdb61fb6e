import { sql } from 'drizzle-orm';
import { text } from 'drizzle-orm/pg-core';

/**
 * The number people quote for a record ('CO-100001', 'SH-100001'): its prefix and the next value of its
 * sequence, taken by the database when the row is written, never reused.
 */
export const sequencedNumber = (prefix: string, sequence: string) =>
  text('number')
    .notNull()
    .unique()
    .default(sql.raw(`('${prefix}-' || nextval('${sequence}'))`));
