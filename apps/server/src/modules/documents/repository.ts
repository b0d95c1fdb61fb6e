import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { productDocuments, type ProductDocumentRow } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

type NewDocument = typeof productDocuments.$inferInsert;
type DocumentChange = Partial<
  Pick<ProductDocumentRow, 'title' | 'kind' | 'visibility' | 'revision' | 'revisedOn'>
>;

export function createDocumentsRepository(db: Executor) {
  return {
    /** A part's documents, oldest first (the order they were attached in). */
    async ofProduct(productId: string): Promise<ProductDocumentRow[]> {
      return db
        .select()
        .from(productDocuments)
        .where(eq(productDocuments.productId, productId))
        .orderBy(asc(productDocuments.createdAt), asc(productDocuments.id));
    },

    async countOf(productId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(productDocuments)
        .where(eq(productDocuments.productId, productId));
      return row?.total ?? 0;
    },

    async findById(id: string): Promise<ProductDocumentRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(productDocuments).where(eq(productDocuments.id, id));
      return row;
    },

    async insert(values: NewDocument): Promise<ProductDocumentRow> {
      const [row] = await db.insert(productDocuments).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: string, values: DocumentChange): Promise<ProductDocumentRow | undefined> {
      const [row] = await db
        .update(productDocuments)
        .set(values)
        .where(eq(productDocuments.id, id))
        .returning();
      return row;
    },

    async delete(id: string): Promise<ProductDocumentRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.delete(productDocuments).where(eq(productDocuments.id, id)).returning();
      return row;
    },
  };
}
