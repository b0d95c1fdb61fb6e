import { formatPrice } from '@forgeline/shared/money';
import { type PaymentTerms } from '@forgeline/shared/schemas/payment-terms';

type Method = 'card' | 'invoice';

/**
 * Card now or invoice on the buyer's terms (decision 0112), with the credit still available: shown only
 * to a buyer approved for terms, at checkout and when accepting a quote.
 */
export const PaymentMethodChoice = ({
  terms,
  value,
  onChange,
}: {
  terms: PaymentTerms;
  value: Method;
  onChange: (method: Method) => void;
}) => (
  <fieldset className="flex flex-col gap-1" data-testid="payment-method">
    <legend className="mb-1 font-semibold">Payment</legend>
    <label className="flex cursor-pointer items-center gap-2">
      <input
        type="radio"
        name="paymentMethod"
        className="radio radio-sm"
        checked={value === 'card'}
        onChange={() => onChange('card')}
      />
      Pay by card now
    </label>
    <label className="flex cursor-pointer items-center gap-2">
      <input
        type="radio"
        name="paymentMethod"
        className="radio radio-sm"
        checked={value === 'invoice'}
        onChange={() => onChange('invoice')}
      />
      Pay by invoice (net {terms.termsDays} days)
    </label>
    <p className="text-xs text-base-content/75">
      Credit available: $ {formatPrice(terms.available)} of $ {formatPrice(terms.creditLimit)}
    </p>
  </fieldset>
);
