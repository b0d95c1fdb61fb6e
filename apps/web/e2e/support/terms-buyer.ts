import { expect } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import { createAccount, DEMO_ADMIN, signInAt, uniqueEmail } from './auth';

/**
 * The checkout body's delivery for a journey that places through the API: the demo start offers delivery
 * methods (decision 0235), so a checkout must name one. Collection from the works costs nothing, so the
 * journey's figures stay those of its parts.
 */
export async function collectionFromTheWorks(
  request: APIRequestContext,
  base: string,
  headers: Record<string, string>,
): Promise<{ methodId: string; country: string; region: string }> {
  const destination = { country: 'US', region: 'IL' };
  const answer = await request.get(`${base}/api/delivery/options?country=US&region=IL`, { headers });
  if (!answer.ok()) throw new Error(`delivery options: ${answer.status()} ${await answer.text()}`);
  const { options } = (await answer.json()) as { options: { methodId: string; kind: string }[] };
  const collection = options.find((option) => option.kind === 'collection');
  if (!collection) throw new Error('The demo offers no collection from the works');
  return { methodId: collection.methodId, ...destination };
}

/**
 * A new buyer signed in on My Orders in `buyerContext`, approved for payment terms by the demo admin
 * signed in on the dashboard in `adminContext`: lines on terms ship before they are paid.
 */
export async function newBuyerOnTerms(
  base: string,
  buyerContext: BrowserContext,
  adminContext: BrowserContext,
  name: string,
): Promise<{ buyer: Page; admin: Page }> {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const password = 'terms-buyer-2026';
  await createAccount(base, name, email, password);
  const buyer = await signInAt(buyerContext, base, { email, password }, '/dashboard/myOrders');
  const session = (await (await buyer.request.get(`${base}/api/auth/get-session`)).json()) as {
    user: { id: string };
  };
  const admin = await signInAt(adminContext, base, DEMO_ADMIN, '/dashboard');
  const approved = await admin.request.patch(`${base}/api/users/${session.user.id}/terms`, {
    data: { terms: { termsDays: 30, creditLimit: 100_000 } },
    headers: { origin: base },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return { buyer, admin };
}

/** The buyer's cart of these lines, checked out by invoice through the API (as quick order does). */
export async function placeOnTerms(
  buyer: Page,
  base: string,
  lines: { productId: string; quantity: number }[],
  poReference: string,
): Promise<Checkout> {
  const headers = { origin: base };
  const added = await buyer.request.post(`${base}/api/cart/lines`, { data: { lines }, headers });
  expect(added.status(), await added.text()).toBe(200);
  const placed = await buyer.request.post(`${base}/api/checkout`, {
    data: {
      address: '4 Canal Wharf, Leeds',
      phone: '+44 113 496 0000',
      paymentMethod: 'invoice',
      poReference,
      delivery: await collectionFromTheWorks(buyer.request, base, headers),
    },
    headers,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as Checkout;
}
