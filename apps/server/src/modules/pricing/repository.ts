import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { ApplicableList, ListEntry } from '@forgeline/shared/contract-pricing';
import type { Executor } from '../../db/client.ts';
import {
  companies,
  priceListAssignments,
  priceListItems,
  priceLists,
  productAccess,
} from '../../db/schema/index.ts';

/** What decides a company's catalogue: its group, the lists given to it or its group, and its access rows. */
export interface CompanyTerms {
  groupId: string | null;
  lists: ApplicableList[];
  allowed: string[];
  denied: string[];
}

export function createPricingRepository(db: Executor) {
  return {
    async companyTerms(companyId: string): Promise<CompanyTerms> {
      const [company] = await db
        .select({ groupId: companies.groupId })
        .from(companies)
        .where(eq(companies.id, companyId));
      const groupId = company?.groupId ?? null;
      const holder = (table: typeof priceListAssignments | typeof productAccess) =>
        groupId
          ? or(eq(table.companyId, companyId), eq(table.groupId, groupId))
          : eq(table.companyId, companyId);
      const lists = await db
        .select({
          id: priceLists.id,
          name: priceLists.name,
          priority: priceListAssignments.priority,
          heldBy: sql<
            'company' | 'group'
          >`case when ${priceListAssignments.companyId} is null then 'group' else 'company' end`,
          validFrom: priceLists.validFrom,
          validTo: priceLists.validTo,
          percentOffBasisPoints: priceLists.percentOffBasisPoints,
          ruleScope: priceLists.ruleScope,
        })
        .from(priceListAssignments)
        .innerJoin(priceLists, eq(priceLists.id, priceListAssignments.priceListId))
        .where(holder(priceListAssignments));
      const access = await db
        .select({ productId: productAccess.productId, access: productAccess.access })
        .from(productAccess)
        .where(holder(productAccess));
      // A company's own 'deny' wins over its group's 'allow', and the other way round: hiding is the safe side.
      const denied = new Set(access.filter((row) => row.access === 'deny').map((row) => row.productId));
      const allowed = access
        .filter((row) => row.access === 'allow' && !denied.has(row.productId))
        .map((row) => row.productId);
      return { groupId, lists, allowed, denied: [...denied] };
    },

    /** The rows of these lists for these parts, by product id and then list id. */
    async entries(
      listIds: readonly string[],
      productIds: readonly string[],
    ): Promise<Map<string, Map<string, ListEntry>>> {
      const byProduct = new Map<string, Map<string, ListEntry>>();
      if (listIds.length === 0 || productIds.length === 0) return byProduct;
      const rows = await db
        .select()
        .from(priceListItems)
        .where(
          and(
            inArray(priceListItems.priceListId, [...listIds]),
            inArray(priceListItems.productId, [...new Set(productIds)]),
          ),
        );
      for (const row of rows) {
        const entries = byProduct.get(row.productId) ?? new Map<string, ListEntry>();
        entries.set(row.priceListId, { priceCents: row.priceCents, tiers: row.tiers });
        byProduct.set(row.productId, entries);
      }
      return byProduct;
    },
  };
}
