import { api } from '@/lib/api-client';

export type TestCardInput = {
  clientSecret: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
};

export type ConfirmedPayment = {
  paymentIntent: { id: string; status: 'succeeded'; amount: number; currency: string };
};

/**
 * POST /api/payments/test-card/confirm: the test processor's card confirmation (docs/architecture.md §5).
 * A declined card answers 402 `{ message: 'Your card was declined.', code }`, thrown as ApiError.
 */
export const confirmTestCard = (input: TestCardInput): Promise<ConfirmedPayment> =>
  api.post<ConfirmedPayment>('/payments/test-card/confirm', input, { auth: true });
