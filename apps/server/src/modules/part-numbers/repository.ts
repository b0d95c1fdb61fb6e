import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, customerPartNumbers, products } from '../../db/schema/index.ts';

/** One of a company's numbers with the part of ours it names. */
export interface PartNumberRow {
  customerPartNumber: string;
  partKey: string;
  productId: string;
  sku: string;
  productName: string;
  restricted: boolean;
}

/** Our part as a mapping names it. */
export interface OurPart {
  id: string;
  sku: string;
  name: string;
  restricted: boolean;
}

const mappingColumns = {
  customerPartNumber: customerPartNumbers.partNumber,
  partKey: customerPartNumbers.partKey,
  productId: customerPartNumbers.productId,
  sku: products.sku,
  productName: products.name,
  restricted: products.restricted,
};

/** A company's own part numbers (customer_part_numbers) and the parts of ours they name. */
export function createPartNumbersRepository(db: Executor) {
  const mappings = () =>
    db
      .select(mappingColumns)
      .from(customerPartNumbers)
      .innerJoin(products, eq(products.id, customerPartNumbers.productId));

  return {
    async list(companyId: string): Promise<PartNumberRow[]> {
      return mappings()
        .where(eq(customerPartNumbers.companyId, companyId))
        .orderBy(asc(customerPartNumbers.partKey), asc(customerPartNumbers.partNumber));
    },

    async byKeys(companyId: string, keys: readonly string[]): Promise<PartNumberRow[]> {
      if (keys.length === 0) return [];
      return mappings().where(
        and(eq(customerPartNumbers.companyId, companyId), inArray(customerPartNumbers.partKey, [...keys])),
      );
    },

    async byProducts(companyId: string, productIds: readonly string[]): Promise<PartNumberRow[]> {
      if (productIds.length === 0) return [];
      return mappings().where(
        and(
          eq(customerPartNumbers.companyId, companyId),
          inArray(customerPartNumbers.productId, [...productIds]),
        ),
      );
    },

    /** Our parts whose part number is one of `skus` (upper-case, exactly as stored). */
    async ourParts(skus: readonly string[]): Promise<OurPart[]> {
      if (skus.length === 0) return [];
      return db
        .select({ id: products.id, sku: products.sku, name: products.name, restricted: products.restricted })
        .from(products)
        .where(inArray(products.sku, [...skus]));
    },

    /**
     * Locks the company's row against other writers of its numbers until the transaction ends, so that
     * two imports or edits at once are checked one after the other. Answers whether the company exists.
     */
    async lockCompany(companyId: string): Promise<boolean> {
      const rows = await db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, companyId))
        .for('no key update');
      return rows.length > 0;
    },

    /** The part's number becomes `partNumber` (its old one, if any, is replaced). */
    async set(companyId: string, productId: string, partNumber: string): Promise<void> {
      await db
        .insert(customerPartNumbers)
        .values({ companyId, productId, partNumber })
        .onConflictDoUpdate({
          target: [customerPartNumbers.companyId, customerPartNumbers.productId],
          set: { partNumber: sql`excluded.part_number` },
        });
    },

    /** Writes many numbers at once: the parts' old numbers are deleted first, then the new ones inserted. */
    async replaceMany(
      companyId: string,
      lines: readonly { productId: string; partNumber: string }[],
    ): Promise<void> {
      if (lines.length === 0) return;
      await db.delete(customerPartNumbers).where(
        and(
          eq(customerPartNumbers.companyId, companyId),
          inArray(
            customerPartNumbers.productId,
            lines.map((line) => line.productId),
          ),
        ),
      );
      await db.insert(customerPartNumbers).values(lines.map((line) => ({ companyId, ...line })));
    },

    async remove(companyId: string, productId: string): Promise<PartNumberRow | undefined> {
      const [before] = await mappings().where(
        and(eq(customerPartNumbers.companyId, companyId), eq(customerPartNumbers.productId, productId)),
      );
      if (!before) return undefined;
      await db
        .delete(customerPartNumbers)
        .where(
          and(eq(customerPartNumbers.companyId, companyId), eq(customerPartNumbers.productId, productId)),
        );
      return before;
    },
  };
}
