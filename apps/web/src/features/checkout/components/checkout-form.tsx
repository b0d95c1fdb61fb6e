import { messages } from '@forgeline/shared/messages';
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { formatPrice, sumDollars } from '@forgeline/shared/money';
import type { Cart } from '@forgeline/shared/schemas/cart';
import type { PaymentMethod } from '@forgeline/shared/schemas/checkout';
import type { MyPaymentTerms } from '@forgeline/shared/schemas/payment-terms';
import type { CompanyAddress } from '@forgeline/shared/schemas/company';
import { ApiError } from '@/lib/api-client';
import { refusalDetails } from '@/lib/form-refusal';
import { useOrderPlacement } from '@/lib/approval-needed';
import { errorMessage } from '@/lib/error-message';
import { cartKeys } from '@/lib/query-keys';
import type { usePlaceCheckout } from '../api/place-checkout';
import { SubmitButton } from '@/components/ui/submit-button';
import { Alert } from '@/components/ui/alert';
import { TaxTotals } from '@/components/ui/tax-totals';
import { ApprovalSent } from '@/components/ui/approval-sent';
import { firstSite, TYPED_ADDRESS, type DeliveryBook } from '@/components/ui/delivery-site-choice';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { SchemaForm } from '@/components/ui/card-form';
import type { DeliverySchema } from '../schemas';
import { chosenDelivery, useDeliveryPick } from '@/components/ui/delivery-method-choice';
import { OrderDeliveryFields } from '@/components/ui/order-delivery-fields';

/** zod and the schema load on the first validation (docs/decisions/0042). */
const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.DeliverySchema));
type DeliveryInput = z.input<typeof DeliverySchema>;
type DeliveryValues = z.output<typeof DeliverySchema>;

const newKey = () => crypto.randomUUID();

/** Per-line messages of a refused checkout: `details["lines.<productId>"]` → by product id. */
const lineErrorsOf = (error: unknown): Record<string, string> => {
  return Object.fromEntries(
    Object.entries(refusalDetails(error)).flatMap(([key, message]) =>
      key.startsWith('lines.') ? [[key.slice('lines.'.length), message]] : [],
    ),
  );
};

/**
 * The checkout's delivery form, prefilled from the profile (the buyer may change it): places the cart's
 * lines as one checkout and goes on to its payment; a refusal shows on the form and on each line.
 */
export const CheckoutForm = ({
  cart,
  contact,
  place,
  terms,
  renderLines,
  book,
  cannotOrder = false,
}: {
  cart: Cart;
  /** The cart's lines, with the server's message on each line it refused. */
  renderLines: (lineErrors: Record<string, string> | undefined) => ReactNode;
  contact: { address?: string; phone?: string };
  place: ReturnType<typeof usePlaceCheckout>;
  /** The buyer's payment terms: 'Pay by invoice' is offered when approved (decision 0112). */
  terms: MyPaymentTerms | undefined;
  /** A company buyer's delivery sites (docs/decisions/0213); undefined outside a company. */
  book?: DeliveryBook | undefined;
  /** The member's role places no orders (finance): said before they try. */
  cannotOrder?: boolean;
}) => {
  const [method, setMethod] = useState<PaymentMethod>('card');
  const byInvoice = method === 'invoice' && terms?.approved === true;
  const { sent, placed } = useOrderPlacement();
  const queryClient = useQueryClient();
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const [failure, setFailure] = useState<{ message: string; lines: Record<string, string> } | null>(null);
  const start = firstSite(book);
  const [siteId, setSiteId] = useState(start?.id ?? TYPED_ADDRESS);
  const delivery = useDeliveryPick();
  const { pick, option, collected } = delivery;
  const cartKey = cart.lines.map((l) => `${l.productId}:${l.quantity}`).join(',');
  // The cart's figures with the chosen delivery; the server prices it again when the order is placed.
  const deliveryCost = option?.cost ?? 0;
  const deliveryTax = option?.tax ?? 0;
  const shownTax = cart.tax && {
    ...cart.tax,
    tax: sumDollars(cart.tax.tax, deliveryTax),
    totalWithTax: sumDollars(cart.tax.totalWithTax, deliveryCost, deliveryTax),
  };
  const toPay = shownTax?.totalWithTax ?? sumDollars(cart.total, deliveryCost);
  const { formState, setError, setValue, field, submit } = useSchemaForm<DeliveryInput, DeliveryValues>(
    resolver,
    {
      defaultValues: {
        address: start?.address ?? contact.address ?? '',
        phone: start?.phone ?? contact.phone ?? '',
        poReference: '',
      },
    },
  );
  // A site fills address and phone as the server will take them; 'Type an address' gives the profile's back.
  const chooseSite = (site: CompanyAddress | undefined) => {
    setSiteId(site?.id ?? TYPED_ADDRESS);
    setValue('address', site?.address ?? contact.address ?? '', { shouldValidate: formState.isSubmitted });
    setValue('phone', site?.phone ?? contact.phone ?? '', { shouldValidate: formState.isSubmitted });
  };

  const placeOrder = submit(async (values) => {
    setFailure(null);
    // Collection from the works needs no address (decision 0268); every other method does.
    if (!collected && !values.address) {
      setError('address', { message: messages.addressRequired });
      return;
    }
    if (byInvoice && !values.poReference) {
      setError('poReference', { message: 'A PO number is required to pay by invoice.' });
      return;
    }
    try {
      // The figures the buyer sees go along: a price changed meanwhile is a 409, never a surprise charge.
      const answer = await place.mutateAsync({
        idempotencyKey,
        body: {
          ...values,
          ...(collected && { address: '' }),
          ...(siteId !== TYPED_ADDRESS && !collected && { addressId: siteId }),
          lines: cart.lines.map((l) => ({
            productId: l.productId,
            quantity: l.quantity,
            unitPrice: l.unitPrice,
          })),
          expectedTotal: cart.total,
          paymentMethod: byInvoice ? 'invoice' : 'card',
          ...chosenDelivery(pick),
        },
      });
      // Over the buyer's limit: an approver decides, nothing was placed (and the lines left the cart).
      await placed(answer, (checkout) =>
        byInvoice
          ? `Order ${checkout.number} placed on invoice: it ships without waiting for payment.`
          : `Order ${checkout.number} placed: now one payment for all of it.`,
      );
    } catch (error) {
      // Nothing was stored: the next attempt is a new checkout.
      setIdempotencyKey(newKey());
      const conflictCart =
        error instanceof ApiError && error.status === 409
          ? (error.body?.cart as Cart | undefined)
          : undefined;
      if (conflictCart) queryClient.setQueryData(cartKeys.all, conflictCart);
      setFailure({
        message: errorMessage(error, 'The order could not be placed.'),
        lines: lineErrorsOf(error),
      });
      const poProblem = refusalDetails(error).poReference;
      if (poProblem) setError('poReference', { message: poProblem });
    }
  });

  if (sent) return <ApprovalSent request={sent} />;

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="flex flex-col gap-3">
        {renderLines(failure?.lines)}
        <TaxTotals
          total={cart.total}
          tax={shownTax}
          testId="checkout-total"
          delivery={option ? { method: option.name, cost: option.cost } : undefined}
        />
      </div>
      <SchemaForm
        {...placeOrder}
        className="flex flex-col gap-3 self-start rounded-box border border-base-300 bg-base-100 p-4"
        aria-labelledby="delivery-title"
      >
        <h2 id="delivery-title" className="text-lg font-bold">
          Delivery
        </h2>
        <OrderDeliveryFields
          field={field}
          byInvoice={byInvoice}
          terms={terms}
          onMethod={setMethod}
          site={{ book, value: siteId, onChange: chooseSite }}
          delivery={delivery}
          cartKey={cartKey}
          cannotOrder={cannotOrder}
        />
        <Alert data-testid="checkout-error">{failure?.message}</Alert>
        <SubmitButton
          isLoading={place.isPending}
          disabled={cannotOrder || option === undefined || cart.lines.some((l) => l.problem !== null)}
        >
          Place order · $ {formatPrice(toPay)}
        </SubmitButton>
        <p className="text-xs text-base-content/75">
          {option?.cost === null ? 'We price the freight and e-mail you; then you pay. ' : ''}
          {byInvoice
            ? 'Next: your invoice, due in your terms; we ship without waiting for payment.'
            : 'Next: one card payment for every line.'}
        </p>
      </SchemaForm>
    </div>
  );
};
