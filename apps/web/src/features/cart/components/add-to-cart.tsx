import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { nearestValidQuantity, pricingOf, quantityProblem, type Product } from '@forgeline/shared';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAddCartLines } from '../api/add-cart-lines';

/**
 * 'Add to cart' of the product page: a quantity (starting at the smallest that may be ordered) checked
 * with the shared rules before it is sent; signed-out visitors are sent to log in and come back here.
 */
export const AddToCart = ({ product }: { product: Product }) => {
  const { user } = useSession();
  const location = useLocation();
  const add = useAddCartLines();
  const pricing = pricingOf(product);
  const [quantity, setQuantity] = useState(
    String(nearestValidQuantity(pricing, product.minOrder) ?? product.minOrder),
  );
  const problem = quantityProblem(pricing, Number(quantity));

  if (!user) {
    return (
      <Link to={paths.auth.login.getHref(location.pathname)} className="btn btn-outline btn-primary">
        Log in to add to cart
      </Link>
    );
  }
  const onAdd = async () => {
    try {
      await add.mutateAsync({ lines: [{ productId: product._id, quantity: Number(quantity) }] });
      toast.success(`${quantity} pcs of ${product.name} added to your cart`);
    } catch (error) {
      toast.error(errorMessage(error, 'It could not be added to your cart.'));
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
          isLoading={add.isPending}
          disabled={problem !== null}
          onClick={() => void onAdd()}
        >
          Add to cart
        </SubmitButton>
      </div>
      {problem ? <p className="text-sm text-[#b91c1c]">{problem.message}</p> : null}
    </div>
  );
};
