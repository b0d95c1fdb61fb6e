import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LIMITS } from '@forgeline/shared/constants';
import type { Executor } from '../../db/client.ts';
import { cartLines, products, type ProductRow } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

export interface StoredCartLine {
  quantity: number;
  product: ProductRow;
}

/** The signed-in buyer's cart lines (cart_lines), with their products. */
export function createCartRepository(db: Executor) {
  return {
    /** The lines in the order they were first added. */
    async list(userId: string): Promise<StoredCartLine[]> {
      const rows = await db
        .select({ quantity: cartLines.quantity, product: products })
        .from(cartLines)
        .innerJoin(products, eq(products.id, cartLines.productId))
        .where(eq(cartLines.userId, userId))
        .orderBy(asc(cartLines.position));
      return rows;
    },

    async count(userId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(cartLines)
        .where(eq(cartLines.userId, userId));
      return row?.total ?? 0;
    },

    /**
     * Adds pieces to lines (creating them, in the order given: their positions), never beyond the largest
     * quantity the server accepts; one statement for all of them. Each product id at most once.
     */
    async add(userId: string, lines: ReadonlyMap<string, number>): Promise<void> {
      if (lines.size === 0) return;
      await db
        .insert(cartLines)
        .values(
          [...lines].map(([productId, quantity]) => ({
            userId,
            productId,
            quantity: Math.min(quantity, LIMITS.quantityMax),
          })),
        )
        .onConflictDoUpdate({
          target: [cartLines.userId, cartLines.productId],
          set: {
            quantity: sql`least(${cartLines.quantity} + excluded.quantity, ${LIMITS.quantityMax})`,
            updatedAt: new Date(),
          },
        });
    },

    /** Sets a line's quantity; answers whether the line exists. */
    async set(userId: string, productId: string, quantity: number): Promise<boolean> {
      if (!isUuid(productId)) return false;
      const rows = await db
        .update(cartLines)
        .set({ quantity, updatedAt: new Date() })
        .where(and(eq(cartLines.userId, userId), eq(cartLines.productId, productId)))
        .returning({ productId: cartLines.productId });
      return rows.length > 0;
    },

    /** Answers whether the line existed. */
    async remove(userId: string, productId: string): Promise<boolean> {
      if (!isUuid(productId)) return false;
      const rows = await db
        .delete(cartLines)
        .where(and(eq(cartLines.userId, userId), eq(cartLines.productId, productId)))
        .returning({ productId: cartLines.productId });
      return rows.length > 0;
    },

    async clear(userId: string): Promise<void> {
      await db.delete(cartLines).where(eq(cartLines.userId, userId));
    },

    /** Takes the placed products out of the buyer's cart (in the checkout's transaction). */
    async removeFromCart(userId: string, productIds: readonly string[]): Promise<void> {
      if (productIds.length === 0) return;
      await db
        .delete(cartLines)
        .where(and(eq(cartLines.userId, userId), inArray(cartLines.productId, [...productIds])));
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
