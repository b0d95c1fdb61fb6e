/** What the page gives either card form (the test processor's or Stripe's). */
export type CardFormProps = {
  /** The payment intent's secret; undefined while it is being created. */
  clientSecret: string | undefined;
  /** The card holder, for the provider's billing details. */
  holder: { name: string; email: string };
  /** Called with the provider's payment intent id once the card payment succeeded. */
  onPaid: (transactionId: string) => Promise<void>;
  /** A card error to show (null clears it). */
  onCardError: (message: string | null) => void;
};
