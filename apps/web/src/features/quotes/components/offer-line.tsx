import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { formatPrice } from '@forgeline/shared/money';
import type { Product } from '@forgeline/shared/schemas/product';
import type { OfferQuoteFormInput } from '@forgeline/shared/schemas/quote';
import type { Quote } from '@forgeline/shared/schemas/quote';
import { errorProps, Field } from '@/components/ui/form-field';

/** What the shop sees beside a line: the part's number, its quantity rules and the stock now. */
const partRules = (part: Product) =>
  [
    `Part ${part.sku}`,
    `minimum ${part.minOrder} pcs`,
    part.packSize > 1 ? `packs of ${part.packSize}` : null,
    part.maxOrder !== null ? `cart maximum ${part.maxOrder} pcs` : null,
    `${part.availableQuantiity} pcs in stock`,
  ]
    .filter(Boolean)
    .join(' · ');

/** One line of the offer form: what was asked, the part's rules, and the quantity and price to offer. */
export const OfferLine = ({
  index,
  line,
  part,
  partsLoading,
  problem,
  register,
  errors,
}: {
  index: number;
  line: Quote['lines'][number];
  part: Product | undefined;
  partsLoading: boolean;
  /** The part's rule the quantity breaks (pricing.ts), or undefined. */
  problem: string | undefined;
  register: UseFormRegister<OfferQuoteFormInput>;
  errors: FieldErrors<OfferQuoteFormInput>['lines'];
}) => {
  const quantityError = problem ?? errors?.[index]?.quantity?.message;
  const priceError = errors?.[index]?.price?.message;
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-3">
      <p className="font-medium">
        {line.productName} × {line.quantity}
      </p>
      <p className="text-sm text-base-content/80">
        List $ {formatPrice(line.listPrice)}
        {line.targetPrice !== null ? ` · asked for $ ${formatPrice(line.targetPrice)}` : ''}
      </p>
      <p className="text-sm text-base-content/80" data-testid="part-rules">
        {part
          ? partRules(part)
          : line.productId && partsLoading
            ? "Loading the part's rules…"
            : 'This part is no longer in the catalogue.'}
      </p>
      <div className="mt-2 flex flex-wrap gap-3">
        <Field
          id={`quantity-${line._id}`}
          label={`Quantity for ${line.productName} (pcs)`}
          error={quantityError}
        >
          <input
            id={`quantity-${line._id}`}
            className="input input-bordered w-40"
            type="number"
            min={part?.minOrder ?? 1}
            step={part?.packSize ?? 1}
            required
            {...errorProps(`quantity-${line._id}`, quantityError)}
            {...register(`lines.${index}.quantity`)}
          />
        </Field>
        <Field
          id={`price-${line._id}`}
          label={`Our price per piece for ${line.productName}`}
          error={priceError}
        >
          <input
            id={`price-${line._id}`}
            className="input input-bordered w-40"
            type="number"
            min="0.01"
            step="0.01"
            required
            {...errorProps(`price-${line._id}`, priceError)}
            {...register(`lines.${index}.price`)}
          />
        </Field>
      </div>
    </li>
  );
};
