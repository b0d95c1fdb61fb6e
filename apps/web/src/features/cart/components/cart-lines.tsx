import { useState } from 'react';
import { formatPrice } from '@forgeline/shared/money';
import type { CartLine } from '@forgeline/shared/schemas/cart';
import { DANGER_BUTTON_CLASS } from '@/components/ui/alert';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useRemoveCartLine } from '../api/remove-cart-line';
import { useSetCartLine } from '../api/set-cart-line';

type CartLinesProps = {
  lines: CartLine[];
  /** Editable quantities and a Remove button (the cart page); read-only at checkout. */
  onQuantity?: (line: CartLine, quantity: number) => void;
  onRemove?: (line: CartLine) => void;
  busyProductId?: string | null;
  /** A message per product id from the server (a checkout refused line by line). */
  lineErrors?: Record<string, string>;
};

/** One quantity box: sends the new quantity when it is left or Enter is pressed, not on each key. */
const QuantityInput = ({
  line,
  onQuantity,
}: {
  line: CartLine;
  onQuantity: CartLinesProps['onQuantity'];
}) => {
  const [value, setValue] = useState(String(line.quantity));
  const commit = () => {
    const quantity = Number(value);
    if (Number.isInteger(quantity) && quantity > 0 && quantity !== line.quantity)
      onQuantity?.(line, quantity);
    else setValue(String(line.quantity));
  };
  return (
    <input
      type="number"
      inputMode="numeric"
      min={1}
      className="input input-sm w-24"
      aria-label={`Quantity of ${line.name}`}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
};

/**
 * The lines of a cart: part number, name, the unit price of the tier in force, quantity, line total and
 * the first rule the line breaks, in red on the line itself. A list of cards on a phone, a grid above.
 */
export const CartLines = ({
  lines,
  onQuantity,
  onRemove,
  busyProductId,
  lineErrors = {},
}: CartLinesProps) => (
  <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
    {lines.map((line) => {
      const problem = lineErrors[line.productId] ?? line.problem?.message;
      return (
        <li
          key={line.productId}
          data-testid="cart-line"
          data-sku={line.sku}
          className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 p-3 sm:grid-cols-[1fr_8rem_7rem_7rem_auto]"
        >
          <div className="min-w-0">
            <p className="font-medium break-words">{line.name}</p>
            <p className="font-mono text-xs text-base-content/75">{line.sku}</p>
          </div>
          <p className="text-right text-sm whitespace-nowrap sm:text-left" data-testid="unit-price">
            $ {formatPrice(line.unitPrice)} / pc
          </p>
          <div>
            {onQuantity ? (
              <QuantityInput key={line.quantity} line={line} onQuantity={onQuantity} />
            ) : (
              <span className="text-sm">{line.quantity} pcs</span>
            )}
          </div>
          <p className="text-right font-semibold whitespace-nowrap" data-testid="line-total">
            $ {formatPrice(line.lineTotal)}
          </p>
          {onRemove ? (
            <button
              type="button"
              className={`${DANGER_BUTTON_CLASS} max-sm:col-span-2 max-sm:justify-self-end`}
              onClick={() => onRemove(line)}
              disabled={busyProductId === line.productId}
              aria-label={`Remove ${line.name}`}
            >
              Remove
            </button>
          ) : (
            <span className="max-sm:hidden" />
          )}
          {problem ? (
            <p
              className="col-span-full text-sm font-medium text-[#b91c1c]"
              role="alert"
              data-testid="line-problem"
            >
              {problem}
            </p>
          ) : null}
        </li>
      );
    })}
  </ul>
);

/** The cart page's lines: a changed quantity or a Remove goes to the server; a refusal is a toast. */
export const EditableCartLines = ({ lines }: { lines: CartLine[] }) => {
  const setLine = useSetCartLine();
  const removeLine = useRemoveCartLine();
  const onError = (fallback: string) => (error: unknown) => toast.error(errorMessage(error, fallback));
  return (
    <CartLines
      lines={lines}
      onQuantity={(line, quantity) =>
        void setLine
          .mutateAsync({ productId: line.productId, quantity })
          .catch(onError('The quantity could not be changed.'))
      }
      onRemove={(line) =>
        void removeLine.mutateAsync(line.productId).catch(onError('The line could not be removed.'))
      }
      busyProductId={removeLine.isPending ? (removeLine.variables ?? null) : null}
    />
  );
};
