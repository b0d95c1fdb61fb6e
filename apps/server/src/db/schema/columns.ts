import { sql } from 'drizzle-orm';
import { text, timestamp, uuid, type AnyPgColumn, type UpdateDeleteAction } from 'drizzle-orm/pg-core';

/**
 * The number people quote for a record ('CO-100001', 'SH-100001'): its prefix and the next value of its
 * sequence, taken by the database when the row is written, never reused.
 */
export const sequencedNumber = (prefix: string, sequence: string) =>
  text('number')
    .notNull()
    .unique()
    .default(sql.raw(`('${prefix}-' || nextval('${sequence}'))`));

// The columns most tables spell alike, written once. Each helper makes a new builder (a builder belongs
// to one table), and gives the same SQL as the column written out: drizzle-kit sees no change.

/** A random UUID the database makes: the key of most tables. */
export const primaryId = () => uuid('id').primaryKey().defaultRandom();

/** When the row was written. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed (the code that changes it sets it). */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A required reference to another table's UUID key. */
export const uuidRef = (name: string, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  uuid(name).notNull().references(target, { onDelete });

/** A required reference to a text key (Better Auth's user ids are text). */
export const textRef = (name: string, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  text(name).notNull().references(target, { onDelete });
