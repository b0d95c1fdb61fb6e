import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { CheckoutDelivery, FreightPriceBodySchema } from '@forgeline/shared/schemas/delivery';
import { deliveryKindLabels } from '@forgeline/shared/delivery';
import { countryName } from '@forgeline/shared/countries';
import { formatPrice } from '@forgeline/shared/money';
import { Alert } from '@/components/ui/alert';
import { MoneyField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/toast';
import { useCheckout } from '../api/get-checkout';
import { usePriceFreight } from '../api/price-freight';
import { SchemaForm } from '@/components/ui/card-form';

type FreightInput = z.input<typeof FreightPriceBodySchema>;
type FreightBody = z.output<typeof FreightPriceBodySchema>;

const resolver = lazyZodResolver(() =>
  import('../schemas').then((schemas) => schemas.FreightPriceBodySchema),
);

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1">
    <dt className="text-base-content/70">{label}</dt>
    <dd className="min-w-0 text-right font-medium">{children}</dd>
  </div>
);

const destinationOf = (delivery: CheckoutDelivery) =>
  delivery.country
    ? `${countryName(delivery.country)}${delivery.region ? ` (${delivery.country}-${delivery.region})` : ''}`
    : 'None (collected from the works)';

/**
 * 'Set the freight price' (decision 0236): the net price in dollars, taxed by the server at the rate frozen
 * when the order was placed; its refusal (e.g. 409 already priced) reads as its message.
 */
export const FreightPriceForm = ({ checkoutId, number }: { checkoutId: string; number: string }) => {
  const price = usePriceFreight(checkoutId);
  const { formState, field, submit } = useSchemaForm<FreightInput, FreightBody>(resolver);
  const priceFreight = submit(async (body) => {
    await price.mutateAsync(body);
    toast.success(`Freight of ${number} priced: the buyer is mailed`);
  }, 'The freight price could not be saved.');

  return (
    <SchemaForm
      {...priceFreight}
      aria-label="Set the freight price"
      className="mt-3 flex flex-col gap-2 border-t border-base-300 pt-3"
    >
      <p className="text-sm">
        The buyer waits for this price to pay (or for the invoice, on terms). Net; tax is added at the rate of
        the order.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 sm:flex-1">
          <MoneyField label="Freight price, net ($)" {...field('price', { valueAsNumber: true })} />
        </div>
        <SubmitButton isLoading={formState.isSubmitting} className="self-start sm:mt-7">
          Set the price
        </SubmitButton>
      </div>
      <Alert>{formState.errors.root?.message}</Alert>
    </SchemaForm>
  );
};

/**
 * The admin's view of a checkout's delivery: method, kind, destination, cost and tax; while freight quoted on
 * request awaits its price, the form that sets it. Nothing when it was placed without a delivery method.
 */
export const AdminCheckoutDelivery = ({ checkoutId }: { checkoutId: string }) => {
  const checkout = useCheckout(checkoutId);
  if (checkout.isPending) return <p className="text-sm">Loading the delivery…</p>;
  if (checkout.isError) return <p className="text-sm">The delivery could not be loaded.</p>;
  const { delivery, number } = checkout.data;
  if (!delivery) return <p className="text-sm">Placed without a delivery method.</p>;
  const awaiting = delivery.status === 'awaiting_quote';
  return (
    <div data-testid="admin-checkout-delivery">
      <dl>
        <Row label="Method">
          {delivery.method}{' '}
          <span className="text-xs font-normal text-base-content/75">
            ({deliveryKindLabels[delivery.kind]})
          </span>
        </Row>
        <Row label="Destination">{destinationOf(delivery)}</Row>
        <Row label="Cost (net)">
          {awaiting || delivery.cost === null ? (
            <span className="badge badge-warning h-auto" data-testid="freight-awaiting">
              Waiting for the freight price
            </span>
          ) : (
            <span data-testid="delivery-cost">$ {formatPrice(delivery.cost)}</span>
          )}
        </Row>
        <Row label="Tax">
          {delivery.tax === null ? (
            '—'
          ) : (
            <span data-testid="delivery-tax">$ {formatPrice(delivery.tax)}</span>
          )}
        </Row>
      </dl>
      {awaiting ? <FreightPriceForm checkoutId={checkoutId} number={number} /> : null}
    </div>
  );
};
