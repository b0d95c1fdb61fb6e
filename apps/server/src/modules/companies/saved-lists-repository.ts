import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products, savedListLines, savedLists, type SavedListRow } from '../../db/schema/index.ts';

export interface SavedListLineRow {
  listId: string;
  productId: string;
  sku: string | null;
  name: string;
  quantity: number;
}

/** A company's named part lists and their lines (a part deleted from the catalogue leaves its lists). */
export function createSavedListsRepository(db: Executor) {
  return {
    async list(companyId: string): Promise<SavedListRow[]> {
      return db
        .select()
        .from(savedLists)
        .where(eq(savedLists.companyId, companyId))
        .orderBy(asc(savedLists.name), desc(savedLists.createdAt));
    },

    async find(companyId: string, id: string): Promise<SavedListRow | undefined> {
      const [row] = await db
        .select()
        .from(savedLists)
        .where(and(eq(savedLists.companyId, companyId), eq(savedLists.id, id)))
        .for('update');
      return row;
    },

    async lines(listIds: readonly string[]): Promise<SavedListLineRow[]> {
      if (listIds.length === 0) return [];
      return db
        .select({
          listId: savedListLines.listId,
          productId: savedListLines.productId,
          sku: products.sku,
          name: products.name,
          quantity: savedListLines.quantity,
        })
        .from(savedListLines)
        .innerJoin(products, eq(products.id, savedListLines.productId))
        .where(inArray(savedListLines.listId, [...listIds]))
        .orderBy(asc(savedListLines.position));
    },

    async insert(values: typeof savedLists.$inferInsert): Promise<SavedListRow> {
      const [row] = await db.insert(savedLists).values(values).returning();
      if (!row) throw new Error('the list insert returned no row');
      return row;
    },

    async rename(id: string, name: string): Promise<void> {
      await db.update(savedLists).set({ name, updatedAt: new Date() }).where(eq(savedLists.id, id));
    },

    async replaceLines(
      listId: string,
      lines: readonly { productId: string; quantity: number }[],
    ): Promise<void> {
      await db.delete(savedListLines).where(eq(savedListLines.listId, listId));
      if (lines.length === 0) return;
      await db.insert(savedListLines).values(lines.map((line, position) => ({ listId, ...line, position })));
    },

    async delete(id: string): Promise<void> {
      await db.delete(savedLists).where(eq(savedLists.id, id));
    },

    /** Our parts' ids by part number (upper-case, as stored). */
    async productIdsBySkus(skus: readonly string[]): Promise<Map<string, string>> {
      if (skus.length === 0) return new Map();
      const rows = await db
        .select({ id: products.id, sku: products.sku })
        .from(products)
        .where(inArray(products.sku, [...skus]));
      return new Map(rows.map((row) => [row.sku, row.id]));
    },
  };
}
