import { LIMITS } from '@forgeline/shared/constants';
import { lineTotalCents, quantityMessages, quantityProblem, unitPriceCents } from '@forgeline/shared/pricing';
import { toDollars } from '@forgeline/shared/money';
import { PART_PHOTO_PLACEHOLDER } from '@forgeline/shared/images';
import type { AddCartLinesBody, Cart, CartLine } from '@forgeline/shared/schemas/cart';
import type { Executor } from '../../db/client.ts';
import type { ProductRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { resolveBuyerPartNumbers } from '../part-numbers/index.ts';
import { buyerView, viewProducts, type CatalogueView } from '../pricing/index.ts';
import { findProducts, findProductsBySkus, pricingOfRow, toProductDto } from '../products/index.ts';
import { buyerTaxSummary } from '../tax/index.ts';
import { createCartRepository, type StoredCartLine } from './repository.ts';

type CartDeps = Pick<AppDeps, 'db' | 'config'>;

/** One line priced at today's tier for its quantity, with the first rule it breaks (stock included). */
export function priceLine(product: ProductRow, quantity: number): CartLine & { lineTotalCents: number } {
  const pricing = pricingOfRow(product);
  const totalCents = lineTotalCents(pricing, quantity);
  return {
    productId: product.id,
    sku: product.sku,
    name: product.name,
    img: product.imageUrl ?? PART_PHOTO_PLACEHOLDER,
    quantity,
    unitPrice: toDollars(unitPriceCents(pricing, quantity)),
    lineTotal: toDollars(totalCents),
    product: toProductDto(product),
    problem: quantityProblem(pricing, quantity),
    lineTotalCents: totalCents,
  };
}

/** The wire cart of these lines: every line priced and checked, the total summed in cents. */
export function toCart(lines: readonly StoredCartLine[]): Cart & { totalCents: number } {
  const priced = lines.map((line) => priceLine(line.product, line.quantity));
  const totalCents = priced.reduce((sum, line) => sum + line.lineTotalCents, 0);
  return {
    lines: priced.map(({ lineTotalCents: _cents, ...line }) => line),
    total: toDollars(totalCents),
    count: priced.length,
    totalCents,
  };
}

const publicCart = ({ totalCents: _cents, ...cart }: Cart & { totalCents: number }): Cart => cart;

/** The buyer's cart, with the tax they would pay on it now (docs/decisions/0219). */
export async function getCart(deps: CartDeps, userId: string, db: Executor = deps.db): Promise<Cart> {
  const stored = await storedCartLines(db, userId);
  const cart = publicCart(toCart(stored));
  if (stored.length === 0) return cart;
  const lines = stored.map((line) => ({
    category: line.product.taxCategory,
    netCents: lineTotalCents(pricingOfRow(line.product), line.quantity),
  }));
  const tax = await buyerTaxSummary(db, deps.config.taxSeller, userId, lines);
  // A shop that charges no tax shows none.
  return tax.treatment === 'none' ? cart : { ...cart, tax };
}

/**
 * Adds lines to the buyer's cart (quick order, reorder, a visitor's cart at sign-in): each names a
 * product by id or part number; a product already in the cart gets the pieces added. A line naming
 * no product is skipped and reported, so that one stale line does not lose the others. Quantities
 * that break a rule are kept and shown with their message on the line, as the buyer may fix them there.
 */
export async function addCartLines(deps: CartDeps, userId: string, body: AddCartLinesBody): Promise<Cart> {
  return deps.db.transaction(async (tx) => {
    // A part hidden from the buyer's company is no part for them (docs/decisions/0216).
    const view = await buyerView(tx, userId);
    const seen = async (rows: Promise<ProductRow[]>) => viewProducts(tx, view, await rows);
    const byId = new Map(
      (
        await seen(
          findProducts(
            tx,
            body.lines.flatMap((l) => (l.productId ? [l.productId] : [])),
          ),
        )
      ).map((p) => [p.id, p]),
    );
    // A code that is not our part number may be the buyer's company's own: it names our part's number.
    const typed = body.lines.flatMap((l) => (l.sku ? [l.sku] : []));
    const theirs = await resolveBuyerPartNumbers(tx, userId, typed);
    const skuOf = (code: string) => theirs.get(code)?.sku ?? code;
    const bySku = new Map((await seen(findProductsBySkus(tx, typed.map(skuOf)))).map((p) => [p.sku, p]));
    const wanted = new Map<string, number>();
    const skipped: NonNullable<Cart['skipped']> = [];
    const discontinued: { index: number; message: string }[] = [];
    body.lines.forEach((line, index) => {
      const product = line.productId
        ? byId.get(line.productId)
        : line.sku
          ? bySku.get(skuOf(line.sku))
          : undefined;
      if (!product) {
        const input = line.productId ?? line.sku ?? '';
        skipped.push({
          index,
          input,
          message: line.productId ? 'This product is no longer sold.' : `There is no part number '${input}'.`,
        });
        return;
      }
      // Discontinued (decision 0233): never put in a cart, whichever way the line came.
      if (quantityProblem(pricingOfRow(product), line.quantity)?.rule === 'discontinued') {
        const message = `${product.name}: ${quantityMessages.discontinued}`;
        skipped.push({ index, input: line.productId ?? line.sku ?? '', message });
        discontinued.push({ index, message });
        return;
      }
      wanted.set(product.id, (wanted.get(product.id) ?? 0) + line.quantity);
    });
    // Nothing left to add because the parts are discontinued: a refusal, not an unchanged cart.
    const [refused] = discontinued;
    if (wanted.size === 0 && refused) {
      throw badRequest(refused.message, { [`lines.${refused.index}`]: refused.message });
    }

    const cart = createCartRepository(tx);
    const existing = new Set((await cart.list(userId)).map((line) => line.product.id));
    const newLines = [...wanted.keys()].filter((id) => !existing.has(id)).length;
    if (existing.size + newLines > LIMITS.cartLinesMax) {
      const message = `A cart holds at most ${LIMITS.cartLinesMax} different parts: please check out or remove some first.`;
      throw badRequest(message, { lines: message });
    }
    await cart.add(userId, wanted);
    return { ...(await getCart(deps, userId, tx)), skipped };
  });
}

export async function setCartLine(
  deps: CartDeps,
  userId: string,
  productId: string,
  quantity: number,
): Promise<Cart> {
  if (!(await createCartRepository(deps.db).set(userId, productId, quantity))) throw notFound('Cart line');
  return getCart(deps, userId);
}

export async function removeCartLine(deps: CartDeps, userId: string, productId: string): Promise<Cart> {
  if (!(await createCartRepository(deps.db).remove(userId, productId))) throw notFound('Cart line');
  return getCart(deps, userId);
}

export async function clearCart(deps: CartDeps, userId: string): Promise<Cart> {
  await createCartRepository(deps.db).clear(userId);
  return getCart(deps, userId);
}

/**
 * The buyer's cart lines, read in `db` (a checkout's transaction), each product as the buyer sees it:
 * at their company's price, and a line whose part is now hidden from them left out (decision 0216).
 */
export async function storedCartLines(
  db: Executor,
  userId: string,
  view?: CatalogueView,
): Promise<StoredCartLine[]> {
  const lines = await createCartRepository(db).list(userId);
  const viewed = await viewProducts(
    db,
    view ?? (await buyerView(db, userId)),
    lines.map((line) => line.product),
  );
  const byId = new Map(viewed.map((product) => [product.id, product]));
  return lines.flatMap((line) => {
    const product = byId.get(line.product.id);
    return product ? [{ ...line, product }] : [];
  });
}

/** Takes the placed products out of the buyer's cart, in the checkout's transaction `tx`. */
export const removeFromCart = (tx: Executor, userId: string, productIds: readonly string[]): Promise<void> =>
  createCartRepository(tx).removeFromCart(userId, productIds);
