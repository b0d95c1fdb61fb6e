import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { parseTypedNumber } from '@forgeline/shared/form-number';
import { formatPrice, toCents, toDollars } from '@forgeline/shared/money';
import { linesTotalCents, pricingOf, quoteQuantityProblem, unitPriceCents } from '@forgeline/shared/pricing';
import type { Product } from '@forgeline/shared/schemas/product';
import { QUOTE_LIMITS } from '@forgeline/shared/schema-constants';
import type { OfferQuoteFormInput, OfferQuoteFormValues, Quote } from '@forgeline/shared/schemas/quote';
import { Field } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/error-message';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useOfferQuote } from '../api/change-quote';
import { OfferLine } from './offer-line';
import { SchemaForm } from '@/components/ui/card-form';

const resolver = lazyZodResolver<OfferQuoteFormInput, OfferQuoteFormValues>(() =>
  import('../schemas').then((schemas) => schemas.OfferQuoteFormSchema),
);

/** The price a line starts at: the buyer's volume price for the quantity, else what was offered, else list. */
const startPrice = (line: Quote['lines'][number], part: Product | undefined, quantity: number) => {
  const pricing = part ? pricingOf(part) : undefined;
  const problem = pricing && quoteQuantityProblem(pricing, quantity);
  const volume = pricing && !problem ? toDollars(unitPriceCents(pricing, quantity)) : undefined;
  return line.offeredPrice ?? volume ?? line.listPrice;
};

/**
 * The shop prices every line and says how long the offer holds (react-hook-form with the shared
 * OfferQuoteFormSchema). Each line shows its part's rules and stock; the quantity may be revised within
 * the rules (decision 0200); a price not typed follows the buyer's volume price for the quantity.
 */
export const OfferForm = ({
  quote,
  parts,
}: {
  quote: Quote;
  parts?: ReadonlyMap<string, Product> | undefined;
}) => {
  const offer = useOfferQuote();
  const partOf = (line: Quote['lines'][number]) => (line.productId ? parts?.get(line.productId) : undefined);
  const { register, control, formState, setValue, getFieldState, reset, submit } = useSchemaForm(resolver, {
    defaultValues: {
      lines: quote.lines.map((line) => ({
        lineId: line._id,
        quantity: String(line.quantity),
        price: String(startPrice(line, partOf(line), line.quantity)),
      })),
      validDays: String(QUOTE_LIMITS.validDaysDefault),
      message: '',
    },
  });
  const typed = useWatch({ control, name: 'lines' });
  const rows = quote.lines.map((line, index) => {
    const part = partOf(line);
    const quantity = parseTypedNumber(String(typed[index]?.quantity ?? ''));
    const pricing = part ? pricingOf(part) : undefined;
    return { line, part, quantity, problem: pricing && quoteQuantityProblem(pricing, quantity) };
  });
  const quantitiesKey = rows.map((row) => row.quantity).join(',');
  // A price the shop has not typed follows the volume price of the quantity (and the parts once loaded).
  useEffect(() => {
    rows.forEach(({ line, part, quantity }, index) => {
      if (getFieldState(`lines.${index}.price`).isDirty) return;
      setValue(`lines.${index}.price`, String(startPrice(line, part, quantity)));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rows change with these two only
  }, [quantitiesKey, parts]);
  // In whole cents, as the server totals the offer: no sum of floating dollars.
  const totalCents = linesTotalCents(
    rows.map((row, index) => ({
      unitCents: toCents(parseTypedNumber(String(typed[index]?.price ?? '')) || 0),
      quantity: row.quantity || 0,
    })),
  );

  const send = submit(async (values) => {
    try {
      await offer.mutateAsync({
        id: quote._id,
        lines: values.lines.map(({ lineId, price, quantity }, index) => ({
          lineId,
          price,
          ...(quantity !== quote.lines[index]?.quantity && { quantity }),
        })),
        validDays: values.validDays,
        message: values.message || null,
      });
      reset(undefined, { keepValues: true });
      setValue('message', '');
      toast.success('The offer is sent to the customer');
    } catch (error) {
      // The server names the line and the rule it broke ('Flange: Order in multiples of 50 pcs.').
      toast.error(errorMessage(error, 'The offer could not be sent'));
    }
  });

  return (
    <SchemaForm {...send} className="flex flex-col gap-4" aria-label="Price this quote">
      <ul className="flex flex-col gap-3">
        {rows.map(({ line, part, problem }, index) => (
          <OfferLine
            key={line._id}
            index={index}
            line={line}
            part={part}
            partsLoading={!parts}
            problem={problem?.message}
            register={register}
            errors={formState.errors.lines}
          />
        ))}
      </ul>
      <Field id="offer-valid-days" label="Offer valid for (days)" error={formState.errors.validDays?.message}>
        <input
          id="offer-valid-days"
          className="input input-bordered w-32"
          type="number"
          min={QUOTE_LIMITS.validDaysMin}
          max={QUOTE_LIMITS.validDaysMax}
          required
          {...register('validDays')}
        />
      </Field>
      <Field id="offer-message" label="Message to the customer (optional)">
        <textarea
          id="offer-message"
          className="textarea textarea-bordered"
          maxLength={QUOTE_LIMITS.messageMax}
          {...register('message')}
        />
      </Field>
      <p className="font-semibold">Offer total: $ {formatPrice(toDollars(totalCents))}</p>
      <SubmitButton
        className="self-start"
        isLoading={offer.isPending}
        disabled={rows.some((row) => row.problem)}
      >
        {quote.status === 'offered' ? 'Send revised offer' : 'Send offer'}
      </SubmitButton>
    </SchemaForm>
  );
};
