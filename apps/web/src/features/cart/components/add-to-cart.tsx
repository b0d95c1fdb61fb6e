import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { toast } from '@/lib/toast';
import { nearestValidQuantity, pricingOf, quantityProblem } from '@forgeline/shared/pricing';
import type { Product } from '@forgeline/shared/schemas/product';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { SubmitButton } from '@/components/ui/submit-button';

/** The quantity a buyer starts from: the smallest that may be ordered. */
export const firstQuantity = (product: Product): number =>
  nearestValidQuantity(pricingOf(product), product.minOrder) ?? product.minOrder;

/**
 * 'Add to cart' of the product page: a quantity (starting at the smallest that may be ordered) checked
 * with the shared rules before it is sent; a visitor's line is kept in the browser until they sign in.
 */
export const AddToCart = ({
  product,
  onQuantityChange,
}: {
  product: Product;
  /** Told each quantity typed (the product page highlights its price row). */
  onQuantityChange?: (quantity: number) => void;
}) => {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const pricing = pricingOf(product);
  const [quantity, setQuantityText] = useState(() => String(firstQuantity(product)));
  const setQuantity = (text: string) => {
    setQuantityText(text);
    onQuantityChange?.(Number(text));
  };
  const problem = quantityProblem(pricing, Number(quantity));
  const [keptForLater, setKeptForLater] = useState(false);

  // What adding takes is loaded by the first click, not with the product page (docs/decisions/0278).
  const onAdd = async () => {
    const line = { productId: product._id, quantity: Number(quantity) };
    if (!user) {
      // Kept in this browser; it moves into the account at sign-in.
      (await import('@/lib/visitor-cart')).addToVisitorCart(line);
      setKeptForLater(true);
      return;
    }
    setAdding(true);
    try {
      const { addCartLines, cacheCart } = await import('../api/add-cart-lines');
      cacheCart(queryClient, await addCartLines({ lines: [line] }));
      toast.success(`${quantity} pcs of ${product.name} added to your cart`);
    } catch (error) {
      const { errorMessage } = await import('@/lib/error-message');
      toast.error(errorMessage(error, 'It could not be added to your cart.'));
    } finally {
      setAdding(false);
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <div className="join">
        <input
          type="number"
          inputMode="numeric"
          min={1}
          step={product.packSize}
          aria-label="Quantity for the cart"
          className="input join-item w-28"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
        <SubmitButton
          type="button"
          className="join-item btn-outline"
          isLoading={adding}
          disabled={problem !== null}
          onClick={() => void onAdd()}
        >
          Add to cart
        </SubmitButton>
      </div>
      {problem ? <p className="text-sm text-[#b91c1c]">{problem.message}</p> : null}
      {keptForLater ? (
        <p className="text-sm" role="status">
          Added to your cart.{' '}
          <Link to={paths.auth.login.getHref(paths.cart.getHref())} className="link link-primary">
            Log in to check out
          </Link>
        </p>
      ) : null}
    </div>
  );
};
