import { getTableColumns, type Table } from 'drizzle-orm';
import { pick } from '../lib/pick.ts';

/** The named columns of `table`, each under its own name: a select that needs only those. */
export const columnsOf = <T extends Table, Key extends keyof T['_']['columns']>(
  table: T,
  keys: readonly Key[],
) => pick(getTableColumns(table), keys);
