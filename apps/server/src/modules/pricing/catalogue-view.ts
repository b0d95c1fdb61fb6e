import {
  pricingDay,
  resolvePricing,
  type ApplicableList,
  type ResolvedPricing,
} from '@forgeline/shared/contract-pricing';
import type { Executor } from '../../db/client.ts';
import type { ProductRow } from '../../db/schema/index.ts';
import { findMembership } from '../membership/index.ts';
import { createPricingRepository } from './repository.ts';

/**
 * The catalogue as one viewer may see it (docs/decisions/0216): which parts exist for them and which
 * price lists price them. A visitor, a person without a company and a company the shop gave nothing
 * special all see the public catalogue (key ''), and so share its cached pages; the shop's admins see
 * every part at its list price.
 */
export interface CatalogueView {
  /** What the viewer's cached catalogue pages are kept under: '' for the public catalogue. */
  key: string;
  companyId: string | null;
  /**
   * The parts they see, for a query to filter on: every part, or the unrestricted ones and those
   * `allowed`, less those `denied`.
   */
  visibility:
    { everything: true } | { everything: false; allowed: readonly string[]; denied: readonly string[] };
  sees(product: Pick<ProductRow, 'id' | 'restricted'>): boolean;
  lists: readonly ApplicableList[];
  /** The day the lists' validity is read on. */
  day: string;
}

export const PUBLIC_VIEW: CatalogueView = {
  key: '',
  companyId: null,
  visibility: { everything: false, allowed: [], denied: [] },
  sees: (product) => !product.restricted,
  lists: [],
  day: pricingDay(),
};

export const ADMIN_VIEW: CatalogueView = {
  key: 'admin',
  companyId: null,
  visibility: { everything: true },
  sees: () => true,
  lists: [],
  day: pricingDay(),
};

/** The catalogue of a company's members. */
export async function companyView(
  db: Executor,
  companyId: string,
  day = pricingDay(),
): Promise<CatalogueView> {
  const terms = await createPricingRepository(db).companyTerms(companyId);
  if (terms.lists.length === 0 && terms.allowed.length === 0 && terms.denied.length === 0) {
    return { ...PUBLIC_VIEW, companyId, day };
  }
  const allowed = new Set(terms.allowed);
  const denied = new Set(terms.denied);
  return {
    key: `company:${companyId}:${day}`,
    companyId,
    visibility: { everything: false, allowed: terms.allowed, denied: terms.denied },
    sees: (product) => !denied.has(product.id) && (!product.restricted || allowed.has(product.id)),
    lists: terms.lists,
    day,
  };
}

/** Who is asking, as the catalogue tells viewers apart. */
export type CatalogueViewer = { id: string; role: string | null } | null;

/** The catalogue of a signed-in person (their company's), of an admin, or of a visitor (null). */
export async function viewOf(db: Executor, viewer: CatalogueViewer): Promise<CatalogueView> {
  if (!viewer) return PUBLIC_VIEW;
  if (viewer.role === 'admin') return ADMIN_VIEW;
  return memberView(db, await findMembership(db, viewer.id));
}

/**
 * The catalogue a person buys from: their company's, or the public one. Unlike viewOf, an admin buying
 * for themselves gets no view of every part: paths that sell use this one.
 */
export async function buyerView(db: Executor, userId: string): Promise<CatalogueView> {
  return memberView(db, await findMembership(db, userId));
}

/** buyerView for a caller that has read the person's membership already (null: in no company). */
export function memberView(
  db: Executor,
  member: { companyId: string } | null | undefined,
): Promise<CatalogueView> {
  return member ? companyView(db, member.companyId) : Promise.resolve({ ...PUBLIC_VIEW, day: pricingDay() });
}

/** A product as its viewer sees it: `priceCents` and `priceTiers` are theirs. */
export type ViewedProduct = ProductRow & {
  /** What a visitor pays, and the list that set this viewer's price (null: they pay the list price). */
  listPriceCents: number;
  priceListName: string | null;
  pricing: ResolvedPricing;
};

/** The rows the viewer may see, priced for them (hidden parts are left out, the order kept). */
export async function viewProducts(
  db: Executor,
  view: CatalogueView,
  rows: readonly ProductRow[],
): Promise<ViewedProduct[]> {
  const seen = rows.filter((row) => view.sees(row));
  const listIds = view.lists.map((list) => list.id);
  const entries =
    listIds.length > 0
      ? await createPricingRepository(db).entries(
          listIds,
          seen.map((row) => row.id),
        )
      : new Map();
  return seen.map((row) => {
    const pricing = resolvePricing(
      { priceCents: row.priceCents, tiers: row.priceTiers },
      view.lists,
      entries.get(row.id) ?? new Map(),
      view.day,
    );
    return {
      ...row,
      priceCents: pricing.priceCents,
      priceTiers: [...pricing.tiers],
      listPriceCents: row.priceCents,
      priceListName: pricing.source.kind === 'price-list' ? pricing.source.listName : null,
      pricing,
    };
  });
}

/** One row as the viewer sees it, or undefined when it is hidden from them (or there is none). */
export async function viewProduct(
  db: Executor,
  view: CatalogueView,
  row: ProductRow | undefined,
): Promise<ViewedProduct | undefined> {
  return row ? (await viewProducts(db, view, [row]))[0] : undefined;
}
