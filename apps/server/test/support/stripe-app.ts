import Stripe from 'stripe';
import { buildTestApp, type TestApp } from '../helper.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_forgeline_fake';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_forgeline_fake_secret';

/** The app on Stripe (the real SDK) against a local fake Stripe, and a signer for webhook deliveries. */
export async function startStripeTestApp(): Promise<{
  fake: FakeStripe;
  s: TestApp;
  signer: Stripe;
  close(): Promise<void>;
}> {
  const fake = await startFakeStripe(FAKE_STRIPE_SECRET_KEY);
  const s = await buildTestApp({
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_forgeline_fake',
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    },
  });
  return {
    fake,
    s,
    signer: new Stripe('sk_test_signer_only'),
    async close() {
      await s.close();
      await fake.close();
    },
  };
}
