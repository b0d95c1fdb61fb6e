import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  companies,
  customerGroups,
  priceListAssignments,
  priceLists,
  productAccess,
  products,
} from '../schema/index.ts';

/** The demo's contract terms (decision 0216): names the demo and the README speak of. */
export const DEMO_PRICING = {
  group: 'Distributors',
  list: 'Distributor 2027',
  percentOffBasisPoints: 3000,
  restrictedPart: { sku: 'DI-7-FLANGE', name: 'Custom flange DI-7' },
};

/**
 * Demo Industries is in the customer group 'Distributors', which holds the price list 'Distributor 2027'
 * (30 % off every part, valid this year and next), and it alone sees the custom flange DI-7. Made once:
 * an admin's later changes are kept.
 */
export async function seedDemoPricing(db: Database, companyId: string): Promise<void> {
  await db.insert(customerGroups).values({ name: DEMO_PRICING.group }).onConflictDoNothing();
  const [group] = await db.select().from(customerGroups).where(eq(customerGroups.name, DEMO_PRICING.group));
  if (!group) return;
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (company && company.groupId === null) {
    await db.update(companies).set({ groupId: group.id }).where(eq(companies.id, companyId));
  }

  const year = new Date().getUTCFullYear();
  const [list] = await db
    .insert(priceLists)
    .values({
      name: DEMO_PRICING.list,
      validFrom: `${year}-01-01`,
      validTo: `${year + 1}-12-31`,
      percentOffBasisPoints: DEMO_PRICING.percentOffBasisPoints,
      ruleScope: 'all',
    })
    .onConflictDoNothing()
    .returning();
  if (list) {
    await db.insert(priceListAssignments).values({ priceListId: list.id, groupId: group.id, priority: 0 });
  }

  const [part] = await db
    .insert(products)
    .values({
      sku: DEMO_PRICING.restrictedPart.sku,
      name: DEMO_PRICING.restrictedPart.name,
      priceCents: 8_450,
      minOrder: 4,
      availableQuantity: 120,
      packSize: 4,
      description:
        'A weld-neck flange machined to Demo Industries’ drawing DI-7: 316L stainless, 6-bolt pattern, raised face. Made for them alone.',
      restricted: true,
    })
    .onConflictDoNothing()
    .returning();
  if (part) {
    await db.insert(productAccess).values({ productId: part.id, companyId, access: 'allow' });
  }
}
