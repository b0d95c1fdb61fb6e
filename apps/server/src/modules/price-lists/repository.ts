import { and, asc, count, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { columnsOf } from '../../db/columns.ts';
import {
  companies,
  customerGroups,
  priceListAssignments,
  priceListItems,
  priceLists,
  productAccess,
  products,
  type PriceListAssignmentRow,
  type PriceListItemRow,
  type PriceListRow,
  type ProductAccessRow,
} from '../../db/schema/index.ts';

/** An item with its part's number, name and own price. */
export type ItemWithProduct = PriceListItemRow & {
  sku: string;
  name: string;
  listPriceCents: number;
};
/** An assignment or access row with its holder's name. */
export type Held<Row> = Row & { holderName: string };

const holderName = sql<string>`coalesce(${companies.name}, ${customerGroups.name})`;

/**
 * Price lists, their items and assignments, customer groups and who may see a part (decision 0216). It
 * also writes the two columns of other tables that belong to this subject: a company's group
 * (`companies.group_id`) and a part's `products.restricted` (decision 0217).
 */
export function createPriceListsRepository(db: Executor) {
  return {
    async all(): Promise<PriceListRow[]> {
      return db.select().from(priceLists).orderBy(asc(priceLists.name));
    },
    async find(id: string): Promise<PriceListRow | undefined> {
      const [row] = await db.select().from(priceLists).where(eq(priceLists.id, id));
      return row;
    },
    async lock(id: string): Promise<PriceListRow | undefined> {
      const [row] = await db.select().from(priceLists).where(eq(priceLists.id, id)).for('update');
      return row;
    },
    async findByName(name: string): Promise<PriceListRow | undefined> {
      const [row] = await db
        .select()
        .from(priceLists)
        .where(sql`lower(${priceLists.name}) = lower(${name})`);
      return row;
    },
    async insert(values: typeof priceLists.$inferInsert): Promise<PriceListRow> {
      const [row] = await db.insert(priceLists).values(values).returning();
      return row!;
    },
    async update(id: string, values: Partial<typeof priceLists.$inferInsert>): Promise<PriceListRow> {
      const [row] = await db
        .update(priceLists)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(priceLists.id, id))
        .returning();
      return row!;
    },
    async touch(id: string): Promise<void> {
      await db.update(priceLists).set({ updatedAt: new Date() }).where(eq(priceLists.id, id));
    },
    async remove(id: string): Promise<void> {
      await db.delete(priceLists).where(eq(priceLists.id, id));
    },

    /** Items per list id. */
    async itemCounts(): Promise<Map<string, number>> {
      const rows = await db
        .select({ id: priceListItems.priceListId, n: count() })
        .from(priceListItems)
        .groupBy(priceListItems.priceListId);
      return new Map(rows.map((row) => [row.id, row.n]));
    },
    async items(listId: string): Promise<ItemWithProduct[]> {
      return db
        .select({
          ...columnsOf(priceListItems, ['priceListId', 'productId', 'priceCents', 'tiers']),
          ...columnsOf(products, ['sku', 'name']),
          listPriceCents: products.priceCents,
        })
        .from(priceListItems)
        .innerJoin(products, eq(products.id, priceListItems.productId))
        .where(eq(priceListItems.priceListId, listId))
        .orderBy(asc(products.sku));
    },
    async item(listId: string, productId: string): Promise<PriceListItemRow | undefined> {
      const [row] = await db
        .select()
        .from(priceListItems)
        .where(and(eq(priceListItems.priceListId, listId), eq(priceListItems.productId, productId)));
      return row;
    },
    /** The rows of a part on any of these lists, by list id. */
    async entriesOf(productId: string): Promise<PriceListItemRow[]> {
      return db.select().from(priceListItems).where(eq(priceListItems.productId, productId));
    },
    async upsertItem(values: typeof priceListItems.$inferInsert): Promise<void> {
      await db
        .insert(priceListItems)
        .values(values)
        .onConflictDoUpdate({
          target: [priceListItems.priceListId, priceListItems.productId],
          set: { priceCents: values.priceCents ?? null, tiers: values.tiers ?? [] },
        });
    },
    async removeItem(listId: string, productId: string): Promise<boolean> {
      const gone = await db
        .delete(priceListItems)
        .where(and(eq(priceListItems.priceListId, listId), eq(priceListItems.productId, productId)))
        .returning({ id: priceListItems.productId });
      return gone.length > 0;
    },

    /** Every assignment with its holder's name, optionally of one list. */
    async assignments(listId?: string): Promise<Held<PriceListAssignmentRow>[]> {
      return db
        .select({ ...getTableColumns(priceListAssignments), holderName })
        .from(priceListAssignments)
        .leftJoin(companies, eq(companies.id, priceListAssignments.companyId))
        .leftJoin(customerGroups, eq(customerGroups.id, priceListAssignments.groupId))
        .where(listId ? eq(priceListAssignments.priceListId, listId) : undefined)
        .orderBy(asc(priceListAssignments.priority), asc(holderName));
    },
    async findAssignment(listId: string, id: string): Promise<PriceListAssignmentRow | undefined> {
      const [row] = await db
        .select()
        .from(priceListAssignments)
        .where(and(eq(priceListAssignments.priceListId, listId), eq(priceListAssignments.id, id)));
      return row;
    },
    async insertAssignment(
      values: typeof priceListAssignments.$inferInsert,
    ): Promise<PriceListAssignmentRow> {
      const [row] = await db.insert(priceListAssignments).values(values).returning();
      return row!;
    },
    async setPriority(id: string, priority: number): Promise<void> {
      await db.update(priceListAssignments).set({ priority }).where(eq(priceListAssignments.id, id));
    },
    async removeAssignment(id: string): Promise<void> {
      await db.delete(priceListAssignments).where(eq(priceListAssignments.id, id));
    },

    // Customer groups and companies' membership of them.
    async groups() {
      return db.select().from(customerGroups).orderBy(asc(customerGroups.name));
    },
    async group(id: string) {
      const [row] = await db.select().from(customerGroups).where(eq(customerGroups.id, id));
      return row;
    },
    async groupByName(name: string) {
      const [row] = await db
        .select()
        .from(customerGroups)
        .where(sql`lower(${customerGroups.name}) = lower(${name})`);
      return row;
    },
    async insertGroup(name: string) {
      const [row] = await db.insert(customerGroups).values({ name }).returning();
      return row!;
    },
    async renameGroup(id: string, name: string) {
      await db.update(customerGroups).set({ name }).where(eq(customerGroups.id, id));
    },
    async removeGroup(id: string) {
      await db.delete(customerGroups).where(eq(customerGroups.id, id));
    },
    async groupedCompanies() {
      return db
        .select({ id: companies.id, name: companies.name, groupId: companies.groupId })
        .from(companies)
        .where(isNotNull(companies.groupId))
        .orderBy(asc(companies.name));
    },
    async company(id: string) {
      const [row] = await db
        .select({ id: companies.id, name: companies.name, groupId: companies.groupId })
        .from(companies)
        .where(eq(companies.id, id));
      return row;
    },
    async companiesByIds(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(inArray(companies.id, [...ids]));
    },
    async groupsByIds(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(customerGroups)
        .where(inArray(customerGroups.id, [...ids]));
    },
    async setCompanyGroup(companyId: string, groupId: string | null) {
      await db.update(companies).set({ groupId, updatedAt: new Date() }).where(eq(companies.id, companyId));
    },

    // Who may see a part.
    async access(productId: string): Promise<Held<ProductAccessRow>[]> {
      return db
        .select({ ...getTableColumns(productAccess), holderName })
        .from(productAccess)
        .leftJoin(companies, eq(companies.id, productAccess.companyId))
        .leftJoin(customerGroups, eq(customerGroups.id, productAccess.groupId))
        .where(eq(productAccess.productId, productId))
        .orderBy(asc(holderName));
    },
    async replaceAccess(productId: string, rows: (typeof productAccess.$inferInsert)[]): Promise<void> {
      await db.delete(productAccess).where(eq(productAccess.productId, productId));
      if (rows.length > 0) await db.insert(productAccess).values(rows);
    },
    async setRestricted(productId: string, restricted: boolean): Promise<void> {
      await db.update(products).set({ restricted, updatedAt: new Date() }).where(eq(products.id, productId));
    },
  };
}
