import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@forgeline/shared/messages';
import type { Product } from '@forgeline/shared/schemas/product';
import { dashboardPaths } from '@/config/dashboard-paths';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useCreateOrder } from '../api/create-order';
import { PurchaseForm, type PurchaseValues } from './purchase-form';
import { CardHoldRule } from '@/components/ui/card-hold-rule';

type PlaceOrderFormProps = {
  product: Product;
  user: { name: string; email: string };
  contact: { address: string | null; phone: string | null };
  /** A 409 means the product changed meanwhile: the page asks for it again to show the new figures. */
  onProductChanged: () => void;
  /** The member's company role places no orders (finance). */
  cannotOrder?: boolean;
};

/**
 * The purchase form that places the order: the spec's success toast and My Orders after it; on a refusal
 * the server's message on the form and in a toast, nothing placed.
 */
export const PlaceOrderForm = ({
  product,
  user,
  contact,
  onProductChanged,
  cannotOrder = false,
}: PlaceOrderFormProps) => {
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const [submitError, setSubmitError] = useState<string | null>(null);

  const placeOrder = async (values: PurchaseValues, figures: { price: number; totalPrize: number }) => {
    setSubmitError(null);
    try {
      await createOrder.mutateAsync({
        productId: product._id,
        name: user.name,
        email: user.email,
        productName: product.name,
        price: figures.price,
        address: values.address,
        phone: values.phone,
        buyQuantity: values.buyQuantity,
        totalPrize: figures.totalPrize,
      });
      toast.success(messages.orderSucceeded(user.name));
      await navigate(dashboardPaths.myOrders.getHref());
    } catch (error) {
      const message = errorMessage(error, 'The order could not be placed. Please try again.');
      setSubmitError(message);
      toast.error(message);
      if (error instanceof ApiError && error.status === 409) onProductChanged();
    }
  };

  return (
    <>
      <PurchaseForm
        key={`${product._id}:${product.availableQuantiity}`}
        product={product}
        user={user}
        contact={contact}
        onSubmit={placeOrder}
        submitError={submitError}
        cannotOrder={cannotOrder}
      />
      <CardHoldRule />
    </>
  );
};
