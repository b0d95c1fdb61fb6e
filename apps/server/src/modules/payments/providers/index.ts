import type { Env } from '../../../config/env.ts';
import type { Database } from '../../../db/client.ts';
import { StripePaymentProvider } from './stripe.ts';
import { TestPaymentProvider } from './test-processor.ts';
import type { PaymentProvider } from './types.ts';

export { StripePaymentProvider, TestPaymentProvider };

/**
 * Stripe when its keys are set (or PAYMENTS=stripe), else the test processor — which production refuses
 * unless PAYMENTS=test says so explicitly.
 */
export function createPaymentProvider(env: Env, db: Database): PaymentProvider {
  const wantsStripe =
    env.PAYMENTS === 'stripe' || (env.PAYMENTS !== 'test' && env.STRIPE_SECRET_KEY !== undefined);
  if (wantsStripe) {
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY || !env.STRIPE_WEBHOOK_SECRET) {
      throw new Error(
        'Payments: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are all required for Stripe.',
      );
    }
    return new StripePaymentProvider(
      env.STRIPE_SECRET_KEY,
      env.STRIPE_PUBLISHABLE_KEY,
      env.STRIPE_WEBHOOK_SECRET,
      env.STRIPE_API_BASE,
    );
  }
  if (env.NODE_ENV === 'production' && env.PAYMENTS !== 'test') {
    throw new Error(
      'Payments: the built-in test card processor takes no real money and is refused in production. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=test to run it anyway.',
    );
  }
  return new TestPaymentProvider(db);
}
