import { isLineQuantity } from '@forgeline/shared/quantity';
import type { ComponentType } from 'react';
import type { Product } from '@forgeline/shared/schemas/product';
import { formatPrice } from '@forgeline/shared/money';
import { LIMITS } from '@forgeline/shared/constants';
import { Field } from '@/components/ui/form-field';
import { AddPartButton, RemovePartButton } from '@/components/ui/part-line-buttons';

/** The catalogue's part picker, given by the route (it belongs to another feature). */
export type PartPicker = ComponentType<{
  id: string;
  selected: Product | null;
  onSelect: (part: Product | null) => void;
}>;

export type OrderLine = { key: number; part: Product | null; quantity: string; error?: string };

let nextKey = 1;
export const emptyLine = (): OrderLine => ({ key: nextKey++, part: null, quantity: '' });

/** What is wrong with a line before it is sent, or null: a part chosen, a whole number of pieces. */
export const lineProblem = (line: OrderLine): string | null => {
  if (!line.part) return 'Choose a part from the list';
  const quantity = Number(line.quantity);
  if (!isLineQuantity(quantity)) return 'Enter a whole number of pieces';
  return null;
};

/** The parts and quantities of an order for a customer; each line shows its own refusal. */
export const OrderLines = ({
  lines,
  onChange,
  PartPicker,
}: {
  lines: OrderLine[];
  onChange: (lines: OrderLine[]) => void;
  PartPicker: PartPicker;
}) => {
  const update = (key: number, change: Partial<OrderLine>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...change, error: undefined } : line)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold">Parts</legend>
      <ol className="flex flex-col gap-2">
        {lines.map((line, index) => {
          const part = line.part;
          return (
            <li
              key={line.key}
              className="grid gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-[1fr_10rem_auto]"
              data-testid="order-line"
            >
              <Field id={`order-part-${line.key}`} label={`Part ${index + 1}`} error={line.error}>
                <PartPicker
                  id={`order-part-${line.key}`}
                  selected={line.part}
                  onSelect={(chosen) => update(line.key, { part: chosen })}
                />
              </Field>
              <Field
                id={`order-quantity-${line.key}`}
                label="Quantity (pcs)"
                hint={
                  part
                    ? `Min ${part.minOrder}${part.packSize > 1 ? `, packs of ${part.packSize}` : ''} · list $ ${formatPrice(part.price)}`
                    : undefined
                }
              >
                <input
                  id={`order-quantity-${line.key}`}
                  className="input input-bordered w-full"
                  type="number"
                  inputMode="numeric"
                  min={part?.minOrder ?? 1}
                  step={part?.packSize ?? 1}
                  max={LIMITS.quantityMax}
                  value={line.quantity}
                  onChange={(event) => update(line.key, { quantity: event.target.value })}
                />
              </Field>
              <RemovePartButton
                index={index}
                disabled={lines.length === 1}
                onRemove={() => onChange(lines.filter((other) => other.key !== line.key))}
              />
            </li>
          );
        })}
      </ol>
      <AddPartButton
        disabled={lines.length >= LIMITS.cartLinesMax}
        onAdd={() => onChange([...lines, emptyLine()])}
      />
    </fieldset>
  );
};
