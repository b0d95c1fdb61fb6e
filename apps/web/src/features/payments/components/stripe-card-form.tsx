import { useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import type { CardFormProps } from './card-form-props';
import { SubmitButton } from '@/components/ui/submit-button';
import { ERROR_COLOR } from '@/config/theme';

const stripes = new Map<string, Promise<Stripe | null>>();
/** One Stripe.js per publishable key, loaded on first use. */
const getStripe = (publishableKey: string) => {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
};

const cardStyle = {
  style: {
    base: { fontSize: '16px', color: '#0f172a', '::placeholder': { color: '#64748b' } },
    invalid: { color: ERROR_COLOR },
  },
};

const StripeCardFields = ({ clientSecret, holder, onPaid, onCardError }: CardFormProps) => {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [complete, setComplete] = useState(false);
  const [processing, setProcessing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret || processing) return;
    setProcessing(true);
    onCardError(null);
    try {
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: holder.name, email: holder.email } },
      });
      if (error) onCardError(error.message ?? 'The payment could not be completed.');
      else if (paymentIntent.status === 'succeeded') await onPaid(paymentIntent.id);
      else onCardError('The payment could not be completed.');
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Card payment" className="flex flex-col gap-3">
      <span className="text-sm font-semibold" id="stripe-card-label">
        Card
      </span>
      <div
        className="rounded-field border border-base-300 bg-base-100 px-3 py-3"
        aria-labelledby="stripe-card-label"
      >
        <CardElement
          options={cardStyle}
          onReady={() => setReady(true)}
          onChange={(event) => {
            setComplete(event.complete);
            onCardError(event.error?.message ?? null);
          }}
        />
      </div>
      <SubmitButton
        className="mt-1"
        isLoading={processing}
        disabled={!stripe || !ready || !complete || !clientSecret}
      >
        Pay
      </SubmitButton>
    </form>
  );
};

/** Stripe Elements' CardElement (docs/architecture.md §5). Its own chunk: Stripe.js loads only on this page. */
const StripeCardForm = ({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) => (
  <Elements stripe={getStripe(publishableKey)}>
    <StripeCardFields {...props} />
  </Elements>
);

export default StripeCardForm;
