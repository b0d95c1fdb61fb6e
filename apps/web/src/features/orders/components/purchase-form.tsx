import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { formatPrice, toDollars } from '@forgeline/shared/money';
import { lineTotalCents, pricingOf, quantityProblem, unitPriceCents } from '@forgeline/shared/pricing';
import { messages } from '@forgeline/shared/messages';
import { LIMITS } from '@forgeline/shared/constants';
import { backorderNote, shipsInAbout } from '@forgeline/shared/backorders';
import type { Product } from '@forgeline/shared/schemas/product';
import type { purchaseFormSchema } from '@forgeline/shared/schemas/order';
import { ErrorText, FormField } from '@/components/ui/form-field';
import { SignedInFields } from '@/components/ui/signed-in-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { CannotOrderNote } from '@/components/ui/cannot-order-note';
import { PriceTable } from '@/components/pricing/price-table';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { OrderFormDelivery } from './order-form-delivery';

type PurchaseFormSchema = ReturnType<typeof purchaseFormSchema>;

export type PurchaseValues = { address: string; phone: string; buyQuantity: number };

type PurchaseFormProps = {
  product: Product;
  user: { name: string; email: string };
  /** The profile's delivery address and phone, to start from; the buyer may change them. */
  contact?: { address?: string | null; phone?: string | null };
  /** Places the order with the unit price and total shown; a rejection's message is shown above the button. */
  onSubmit: (values: PurchaseValues, figures: { price: number; totalPrize: number }) => Promise<void>;
  submitError?: string | null;
  /** The member's company role places no orders (finance): said before they fill the form, and no button. */
  cannotOrder?: boolean;
};

/** The unit price at the tier in force and total = quantity × it, by the server's own pricing engine. */
export const orderFigures = (product: Product, quantity: number) => {
  const pricing = pricingOf(product);
  return {
    price: toDollars(unitPriceCents(pricing, quantity)),
    totalPrize: toDollars(lineTotalCents(pricing, quantity)),
  };
};

const quantityOf = (value: unknown): number | null => {
  if (value === '' || value === null || value === undefined) return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
};

/** The order form of /purchase/:id (docs/product.md §2, §5): live total, quantity bounds, Confirm Order. */
export const PurchaseForm = ({
  product,
  user,
  contact,
  onSubmit,
  submitError,
  cannotOrder = false,
}: PurchaseFormProps) => {
  const { minOrder } = product;
  // A part that allows back-orders takes more than its stock: the rest ships in about its lead time (decision 0238).
  const availableQuantiity = product.allowBackorder ? LIMITS.quantityMax : product.availableQuantiity;
  // zod and the schema load on the first validation (docs/decisions/0042).
  const resolver = useMemo(
    () =>
      lazyZodResolver(() =>
        import('../schemas').then((schemas) => schemas.purchaseFormSchema({ minOrder, availableQuantiity })),
      ),
    [minOrder, availableQuantiity],
  );
  // Also written on the inputs: the server's render of the page (decision 0044) has no refs to fill them.
  const defaultValues = {
    address: contact?.address ?? '',
    phone: contact?.phone ?? '',
    buyQuantity: product.minOrder,
  };
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<z.input<PurchaseFormSchema>, unknown, z.output<PurchaseFormSchema>>({
    resolver,
    mode: 'onChange',
    defaultValues,
  });
  const [pending, setPending] = useState(false);

  const quantity = quantityOf(useWatch({ control, name: 'buyQuantity' }));
  // The bound messages show as the quantity changes, before any submit (docs/product.md §5); then the B2B rules
  // (pack multiple, maximum) from the same engine the server enforces them with.
  const boundError =
    quantity === null
      ? messages.quantityRequired
      : quantity < product.minOrder
        ? messages.quantityBelowMinimum(product.minOrder)
        : quantity > availableQuantiity
          ? messages.quantityAboveAvailable
          : (quantityProblem(pricingOf(product), quantity)?.message ?? null);
  const quantityError = boundError ?? errors.buyQuantity?.message;
  const outOfRange = boundError !== null;
  const total =
    quantity !== null && Number.isInteger(quantity) && quantity > 0
      ? orderFigures(product, quantity).totalPrize
      : 0;

  const submit = handleSubmit(async (values) => {
    setPending(true);
    try {
      await onSubmit(values, orderFigures(product, values.buyQuantity));
    } finally {
      setPending(false);
    }
  });

  return (
    <form
      onSubmit={submit}
      onFocus={resolver.preload}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Order form"
    >
      <SignedInFields idPrefix="purchase" user={user} />
      <FormField
        label="Address"
        autoComplete="street-address"
        placeholder="Delivery address"
        defaultValue={defaultValues.address}
        error={errors.address?.message}
        {...register('address')}
      />
      <FormField
        label="Mobile Number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+1 555 0100"
        defaultValue={defaultValues.phone}
        error={errors.phone?.message}
        {...register('phone')}
      />
      <FormField
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={product.minOrder}
        max={availableQuantiity}
        step={1}
        defaultValue={defaultValues.buyQuantity}
        error={quantityError}
        hint={
          product.allowBackorder
            ? `At least ${product.minOrder} pcs; ${product.availableQuantiity} in stock, more ${shipsInAbout(product.leadTimeDays ?? 1)}`
            : `Between ${product.minOrder} and ${product.availableQuantiity} pcs`
        }
        {...register('buyQuantity')}
      />
      {product.allowBackorder && !outOfRange && quantity !== null && quantity > product.availableQuantiity ? (
        <p className="rounded-box bg-base-200 px-4 py-2 text-sm" data-testid="purchase-backorder">
          {backorderNote({
            backorderedQuantity: quantity - Math.max(product.availableQuantiity, 0),
            leadTimeDays: product.leadTimeDays,
          })}
        </p>
      ) : null}
      <PriceTable product={product} quantity={quantity} />

      <p className="flex items-baseline justify-between rounded-box bg-base-200 px-4 py-3" aria-live="polite">
        <span className="font-semibold">Total</span>
        <span className="text-xl font-bold" data-testid="purchase-total">
          $ {formatPrice(total)}
        </span>
      </p>

      <OrderFormDelivery productId={product._id} quantity={outOfRange ? null : quantity} />

      <ErrorText>{submitError ? <span role="alert">{submitError}</span> : null}</ErrorText>

      {cannotOrder ? <CannotOrderNote /> : null}

      <SubmitButton isLoading={pending} disabled={cannotOrder || outOfRange || isSubmitting}>
        Confirm Order
      </SubmitButton>
    </form>
  );
};
