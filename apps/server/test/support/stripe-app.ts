import Stripe from 'stripe';
import { buildTestApp, type TestApp } from '../helper.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_forgeline_fake';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_forgeline_fake_secret';

/** The app on Stripe (the real SDK) against a local fake Stripe, and a signer for webhook deliveries. */
export async function startStripeTestApp(env: Record<string, string> = {}): Promise<{
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
      ...env,
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

/** Delivers a signed `payment_intent.succeeded` event for `intent`, as Stripe's webhook would. */
export function deliverSucceeded(s: TestApp, signer: Stripe, intent: unknown) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object: intent },
  });
  return s.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({
        payload,
        secret: FAKE_STRIPE_WEBHOOK_SECRET,
      }),
    },
    payload,
  });
}
