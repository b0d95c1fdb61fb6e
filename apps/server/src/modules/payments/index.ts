// What other modules may use of payments (docs/architecture.md §10): paying a checkout by card, and
// recording a payment (the one way an order becomes paid).
export { confirmCheckoutPayment, openCheckoutPayment } from './checkout-payment.ts';
export { CURRENCY, type ProviderIntent } from './providers/types.ts';
export { withPaymentRecording } from './service.ts';
