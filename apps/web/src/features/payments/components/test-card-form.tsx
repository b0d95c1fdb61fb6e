import { useState, type ChangeEvent, type FormEvent } from 'react';
import { ErrorText, FormField, errorProps } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { confirmTestCard } from '../api/confirm-test-card';
import {
  brandLabel,
  cardBrand,
  checkCard,
  cvcLength,
  digitsOnly,
  formatCardNumber,
  formatExpiry,
  type CardEntry,
} from '../lib/card';
import type { CardFormProps } from './card-form-props';
import { SubmitButton } from '@/components/ui/submit-button';

const ENTRY_CLASS = 'font-mono tracking-wide';

/**
 * The test processor's own card entry (docs/architecture.md §5): number with brand, MM / YY, CVC. Pay is enabled once
 * the entry is complete and the payment secret is ready.
 */
export const TestCardForm = ({ clientSecret, onPaid, onCardError }: CardFormProps) => {
  const [entry, setEntry] = useState<CardEntry>({ number: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof CardEntry, boolean>>>({});
  const [processing, setProcessing] = useState(false);

  const brand = cardBrand(digitsOnly(entry.number));
  const check = checkCard(entry);
  const fieldError = (field: keyof CardEntry) =>
    !check.ok && check.field === field && touched[field] ? check.message : undefined;

  const update = (field: keyof CardEntry) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    onCardError(null);
    setEntry((current) => ({
      ...current,
      [field]:
        field === 'number'
          ? formatCardNumber(value)
          : field === 'expiry'
            ? formatExpiry(value, current.expiry)
            : digitsOnly(value).slice(0, cvcLength(brand)),
    }));
  };
  const blur = (field: keyof CardEntry) => () => setTouched((current) => ({ ...current, [field]: true }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check.ok || !clientSecret || processing) return;
    setProcessing(true);
    onCardError(null);
    try {
      const { paymentIntent } = await confirmTestCard({ clientSecret, ...check.card });
      await onPaid(paymentIntent.id);
    } catch (error) {
      onCardError(
        error instanceof ApiError && error.message ? error.message : 'The payment could not be completed.',
      );
    } finally {
      setProcessing(false);
    }
  };

  const numberError = fieldError('number');
  /** One box of the entry: its value, formatted as typed, touched on leaving, and its error. */
  const entryProps = (field: 'expiry' | 'cvc') => ({
    className: ENTRY_CLASS,
    inputMode: 'numeric' as const,
    value: entry[field],
    onChange: update(field),
    onBlur: blur(field),
    error: fieldError(field),
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Card payment"
      className="flex flex-col gap-3"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor="card-number" className="flex items-center justify-between text-sm font-semibold">
          Card number
          <span className="badge badge-ghost text-xs" data-testid="card-brand" aria-live="polite">
            {brandLabel[brand] || 'Card'}
          </span>
        </label>
        <input
          id="card-number"
          className={`input w-full ${ENTRY_CLASS}`}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={entry.number}
          onChange={update('number')}
          onBlur={blur('number')}
          {...errorProps('card-number', numberError)}
        />
        <ErrorText id="card-number-error">{numberError}</ErrorText>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormField
          id="card-expiry"
          label="Expiry (MM / YY)"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          {...entryProps('expiry')}
        />
        <FormField
          id="card-cvc"
          label="CVC"
          autoComplete="cc-csc"
          placeholder={brand === 'amex' ? '1234' : '123'}
          {...entryProps('cvc')}
        />
      </div>
      <p className="text-xs text-base-content/70">
        Test mode: use 4242 4242 4242 4242, any future date and any CVC.
      </p>
      <SubmitButton className="mt-1" isLoading={processing} disabled={!check.ok || !clientSecret}>
        Pay
      </SubmitButton>
    </form>
  );
};
