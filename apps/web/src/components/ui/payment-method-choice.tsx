import type { ComponentProps, ReactNode } from 'react';
import { formatPrice } from '@forgeline/shared/money';
import type { BankTransfer } from '@forgeline/shared/bank-transfer';
import type { PaymentTerms } from '@forgeline/shared/schemas/payment-terms';
import { BankTransferDetails } from './bank-transfer-details';
import { FormField } from './form-field';

/** The buyer's terms as GET /myTerms answers them: with the account invoices are paid into. */
type BuyerTerms = PaymentTerms & { bankTransfer?: BankTransfer | null };

type Method = 'card' | 'invoice';

type MethodOptionProps = {
  method: Method;
  value: Method;
  onChange: (method: Method) => void;
  children: ReactNode;
};

/** One of the payment methods, a radio of the 'paymentMethod' group. */
const MethodOption = ({ method, value, onChange, children }: MethodOptionProps) => (
  <label className="flex cursor-pointer items-center gap-2">
    <input
      type="radio"
      name="paymentMethod"
      className="radio radio-sm"
      checked={value === method}
      onChange={() => onChange(method)}
    />
    {children}
  </label>
);

/**
 * Card now or invoice on the buyer's terms (decision 0112), with the credit still available: shown only
 * to a buyer approved for terms, at checkout and when accepting a quote.
 */
export const PaymentMethodChoice = ({
  terms,
  value,
  onChange,
}: {
  terms: BuyerTerms;
  value: Method;
  onChange: (method: Method) => void;
}) => (
  <fieldset className="flex flex-col gap-1" data-testid="payment-method">
    <legend className="mb-1 font-semibold">Payment</legend>
    <MethodOption method="card" value={value} onChange={onChange}>
      Pay by card now
    </MethodOption>
    <MethodOption method="invoice" value={value} onChange={onChange}>
      Pay by invoice (net {terms.termsDays} days)
    </MethodOption>
    <p className="text-xs text-base-content/75">
      Credit available: $ {formatPrice(terms.available)} of $ {formatPrice(terms.creditLimit)}
    </p>
    {value === 'invoice' && terms.bankTransfer ? <BankTransferDetails transfer={terms.bankTransfer} /> : null}
  </fieldset>
);

type Registered = Omit<ComponentProps<typeof FormField>, 'label'>;
type DeliveryFieldsProps = {
  /** Each field's react-hook-form registration (`register('address')`, …) and its message. */
  address: Registered;
  phone: Registered;
  poReference: Registered;
  /** A PO number is required when paying by invoice, optional by card. */
  byInvoice: boolean;
  /** The buyer's payment terms: card or invoice is offered when approved (decision 0112). */
  terms: BuyerTerms | undefined;
  onMethod: (method: Method) => void;
  /** The company's 'Deliver to' choice, above the address (delivery-site-choice.tsx). */
  site?: ReactNode;
  /** A site of the book is chosen: its address and phone are shown, not typed. */
  locked?: boolean;
  /** Collected from the works: no address is asked (decision 0268). */
  collection?: boolean;
};

/**
 * Where the parts go and how they are paid: address, phone, the buyer's PO reference and, for a buyer on
 * terms, card or invoice. The checkout and the accepted quote ask the same, in this one place (kept in this
 * module so that it adds no chunk of its own).
 */
export const DeliveryFields = ({
  address,
  phone,
  poReference,
  byInvoice,
  terms,
  onMethod,
  site,
  locked = false,
  collection = false,
}: DeliveryFieldsProps) => (
  <>
    {collection ? (
      <p className="rounded-md bg-base-200 p-3 text-sm" data-testid="collection-note">
        You collect the parts from our works: no delivery address is needed. We e-mail you when they are
        ready.
      </p>
    ) : (
      <>
        {site}
        <FormField label="Address" readOnly={locked} {...address} />
      </>
    )}
    <FormField label="Phone" type="tel" readOnly={locked} {...phone} />
    <FormField label={byInvoice ? 'PO number (required)' : 'PO reference (optional)'} {...poReference} />
    {terms?.approved ? (
      <PaymentMethodChoice terms={terms} value={byInvoice ? 'invoice' : 'card'} onChange={onMethod} />
    ) : null}
  </>
);
