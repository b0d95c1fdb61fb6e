import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AttributeValue } from '@forgeline/shared/catalogue';
import type { Executor } from '../../db/client.ts';
import {
  categories,
  categoryAttributes,
  productAttributeValues,
  productCategories,
  products,
  type AttributeRow,
  type CategoryRow,
} from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

/** Any constant: the one lock every edit of the tree takes, so two moves never make a cycle together. */
const TREE_LOCK = 7_220_001;

export type NewCategory = Pick<
  CategoryRow,
  'slug' | 'name' | 'description' | 'parentId' | 'inches' | 'position'
>;
export type NewAttribute = Pick<
  AttributeRow,
  'categoryId' | 'key' | 'label' | 'type' | 'unit' | 'options' | 'position'
>;

/** A value as a row keeps it: in the column of its type. */
const columnsOf = (value: AttributeValue) => ({
  numberValue: typeof value === 'number' ? value : null,
  textValue: typeof value === 'string' ? value : null,
  booleanValue: typeof value === 'boolean' ? value : null,
});

export function createCategoriesRepository(db: Executor) {
  return {
    /** Waits for any other edit of the tree to commit; held until this transaction ends. */
    async lockTree(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK})`);
    },

    async all(): Promise<CategoryRow[]> {
      return db.select().from(categories).orderBy(asc(categories.position), asc(categories.name));
    },

    async findById(id: string): Promise<CategoryRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(categories).where(eq(categories.id, id));
      return row;
    },

    async insert(values: NewCategory): Promise<CategoryRow> {
      const [row] = await db.insert(categories).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: string, values: NewCategory): Promise<CategoryRow | undefined> {
      const [row] = await db
        .update(categories)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(categories.id, id))
        .returning();
      return row;
    },

    async delete(id: string): Promise<void> {
      await db.delete(categories).where(eq(categories.id, id));
    },

    async slugTaken(slug: string, exceptId: string | null): Promise<boolean> {
      const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
      return row !== undefined && row.id !== exceptId;
    },

    async childCount(id: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(categories).where(eq(categories.parentId, id));
      return row?.n ?? 0;
    },

    async partCount(categoryIds: readonly string[]): Promise<number> {
      if (categoryIds.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(productCategories)
        .where(inArray(productCategories.categoryId, [...categoryIds]));
      return row?.n ?? 0;
    },

    /** The attributes these categories define, in their order. */
    async attributesOf(categoryIds: readonly string[]): Promise<AttributeRow[]> {
      if (categoryIds.length === 0) return [];
      return db
        .select()
        .from(categoryAttributes)
        .where(inArray(categoryAttributes.categoryId, [...categoryIds]))
        .orderBy(asc(categoryAttributes.position), asc(categoryAttributes.label));
    },

    async allAttributes(): Promise<AttributeRow[]> {
      return db
        .select()
        .from(categoryAttributes)
        .orderBy(asc(categoryAttributes.position), asc(categoryAttributes.label));
    },

    async insertAttribute(values: NewAttribute): Promise<AttributeRow> {
      const [row] = await db.insert(categoryAttributes).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async deleteAttribute(id: string): Promise<AttributeRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.delete(categoryAttributes).where(eq(categoryAttributes.id, id)).returning();
      return row;
    },

    /** How many values the parts in `categoryIds` keep of attributes other than `keptAttributeIds`. */
    async valuesOutside(
      categoryIds: readonly string[],
      keptAttributeIds: readonly string[],
    ): Promise<number> {
      if (categoryIds.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(productAttributeValues)
        .innerJoin(productCategories, eq(productCategories.productId, productAttributeValues.productId))
        .where(
          and(
            inArray(productCategories.categoryId, [...categoryIds]),
            keptAttributeIds.length > 0
              ? notInArray(productAttributeValues.attributeId, [...keptAttributeIds])
              : undefined,
          ),
        );
      return row?.n ?? 0;
    },

    async productName(productId: string): Promise<string | undefined> {
      if (!isUuid(productId)) return undefined;
      const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, productId));
      return row?.name;
    },

    /** Puts a part in a category (null: in none) with these values, replacing what it had. */
    async setSpecs(
      productId: string,
      categoryId: string | null,
      values: readonly { attributeId: string; value: AttributeValue }[],
    ): Promise<void> {
      await db.delete(productAttributeValues).where(eq(productAttributeValues.productId, productId));
      await db.delete(productCategories).where(eq(productCategories.productId, productId));
      if (categoryId === null) return;
      await db.insert(productCategories).values({ productId, categoryId });
      if (values.length === 0) return;
      await db
        .insert(productAttributeValues)
        .values(values.map(({ attributeId, value }) => ({ productId, attributeId, ...columnsOf(value) })));
    },

    /** The category of each of these parts, and their values by attribute id. */
    async specsOf(
      productIds: readonly string[],
    ): Promise<Map<string, { categoryId: string; values: Map<string, AttributeValue> }>> {
      const found = new Map<string, { categoryId: string; values: Map<string, AttributeValue> }>();
      const ids = [...new Set(productIds.filter(isUuid))];
      if (ids.length === 0) return found;
      // One round trip: each part's category with its values (none: one row of nulls).
      const rows = await db
        .select({
          productId: productCategories.productId,
          categoryId: productCategories.categoryId,
          attributeId: productAttributeValues.attributeId,
          numberValue: productAttributeValues.numberValue,
          textValue: productAttributeValues.textValue,
          booleanValue: productAttributeValues.booleanValue,
        })
        .from(productCategories)
        .leftJoin(productAttributeValues, eq(productAttributeValues.productId, productCategories.productId))
        .where(inArray(productCategories.productId, ids));
      for (const row of rows) {
        let part = found.get(row.productId);
        if (!part) found.set(row.productId, (part = { categoryId: row.categoryId, values: new Map() }));
        const value = row.numberValue ?? row.textValue ?? row.booleanValue;
        if (row.attributeId !== null && value !== null) part.values.set(row.attributeId, value);
      }
      return found;
    },
  };
}

export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
