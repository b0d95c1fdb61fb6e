import { useState } from 'react';
import { CARRIER_CHOICES, type Carrier } from '@forgeline/shared/carriers';
import { mayShip, piecesToShip } from '@forgeline/shared/order-status';
import type { Order } from '@forgeline/shared/schemas/order';
import type { ShipmentForm } from '@forgeline/shared/schemas/shipment';
import { Alert } from '@/components/ui/alert';
import { CountField, FormField, SelectField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/toast';
import { useCreateShipment } from '../api/shipments';
import { SchemaForm } from '@/components/ui/card-form';

/** What the form needs of an order line: the line of the page and those of its checkout. */
export type ShippableLine = Pick<
  Order,
  '_id' | 'number' | 'productName' | 'buyQuantity' | 'shippedQuantity' | 'status' | 'paid' | 'dueAt'
>;

/** The lines that may ship now and the pieces left of each (a cancelled, unpaid or shipped line has none). */
export const shippableLines = (lines: readonly ShippableLine[]) =>
  lines
    .map((line) => ({ line, left: mayShip(line) ? piecesToShip(line) : 0 }))
    .filter(({ left }) => left > 0);

type Output = {
  lines: { orderId: string; quantity: number }[];
  carrier: Carrier;
  trackingNumber?: string | undefined;
};

type Open = ReturnType<typeof shippableLines>;

/**
 * The admin's ship form (decision 0232), made for a phone: a quantity per line still to ship (all that is
 * left by default; 0 leaves a line out), the carrier and the tracking number. The server checks every rule
 * again under lock; its refusal is shown above the button. Drawn afresh when what is left changes.
 */
export const ShipForm = ({ lines }: { lines: readonly ShippableLine[] }) => {
  const open = shippableLines(lines);
  if (open.length === 0) {
    return <p data-testid="nothing-to-ship">Nothing is left to ship that may ship now.</p>;
  }
  return <ShipLinesForm key={open.map(({ line, left }) => `${line._id}:${left}`).join()} open={open} />;
};

const ShipLinesForm = ({ open }: { open: Open }) => {
  // Bounded by what is left of each line when the form was drawn (the server has the last word).
  const [resolver] = useState(() => {
    const remaining = Object.fromEntries(open.map(({ line, left }) => [line._id, left]));
    return lazyZodResolver<ShipmentForm, Output>(() =>
      import('../schemas').then((schemas) => schemas.shipmentFormSchema(remaining)),
    );
  });
  const create = useCreateShipment();
  const { register, formState, resetField, field, submit } = useSchemaForm(resolver, {
    defaultValues: {
      lines: open.map(({ line, left }) => ({ orderId: line._id, quantity: String(left) })),
      carrier: 'dhl',
      trackingNumber: '',
    },
  });
  const errors = formState.errors;

  const ship = submit(async (form) => {
    const shipment = await create.mutateAsync({
      lines: form.lines.filter((line) => line.quantity > 0),
      carrier: form.carrier,
      ...(form.trackingNumber ? { trackingNumber: form.trackingNumber } : {}),
    });
    toast.success(`Shipment ${shipment.number} is on its way: ${shipment.pieces} pieces`);
    resetField('trackingNumber');
  }, 'The shipment could not be recorded.');
  return (
    <SchemaForm {...ship} aria-label="Ship pieces" className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">Pieces to ship now (0 leaves a line out)</legend>
        {open.map(({ line, left }, index) => (
          <div key={line._id}>
            <input type="hidden" value={line._id} {...register(`lines.${index}.orderId`)} />
            <CountField
              label={`Pieces of ${line.number} (${line.productName})`}
              max={left}
              hint={`${left} of ${line.buyQuantity} left to ship`}
              {...field(`lines.${index}.quantity`)}
            />
          </div>
        ))}
        {errors.lines?.root?.message || errors.lines?.message ? (
          <Alert>{errors.lines.root?.message ?? errors.lines.message}</Alert>
        ) : null}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField id="shipment-carrier" label="Carrier" {...field('carrier')}>
          {CARRIER_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        <FormField
          label="Tracking number"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          hint="As on the label; not needed for carrier Other."
          {...field('trackingNumber')}
        />
      </div>
      <Alert>{errors.root?.message}</Alert>
      <div>
        <SubmitButton isLoading={formState.isSubmitting} className="w-full sm:w-auto">
          Ship these pieces
        </SubmitButton>
      </div>
    </SchemaForm>
  );
};
