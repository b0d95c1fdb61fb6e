import { bigint, date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { products } from './products.ts';
import { createdAt, primaryId, uuidRef } from './columns.ts';

/**
 * A part's documents (decision 0233): CAD models, datasheets, certificates. The bytes are in the file
 * store (the photos' store, under its own folder or key prefix); this row says what they are and who
 * may download them.
 */
export const productDocuments = pgTable(
  'product_documents',
  {
    id: primaryId(),
    productId: uuidRef('product_id', () => products.id, 'cascade'),
    kind: text('kind', { enum: ['cad', 'datasheet', 'certificate', 'other'] }).notNull(),
    title: text('title').notNull(),
    /** Cleaned of paths and odd characters, with the extension the content proved. */
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Chosen by the server from the checked content, never the type the browser sent. */
    contentType: text('content_type').notNull(),
    visibility: text('visibility', { enum: ['public', 'customers'] }).notNull(),
    /** The revision and its date as the drawing or certificate states them; null when not given. */
    revision: text('revision'),
    revisedOn: date('revised_on', { mode: 'string' }),
    /** The store's key, chosen by the server (a UUID and the extension). */
    storageKey: text('storage_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [index('product_documents_product_idx').on(table.productId, table.createdAt)],
);

export type ProductDocumentRow = typeof productDocuments.$inferSelect;
