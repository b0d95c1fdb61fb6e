import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { DeliveryMethodDto } from '@forgeline/shared/schemas/delivery';
import { invoices, testPaymentIntents } from '../../src/db/schema/index.ts';
import type { TestUser } from '../auth-helper.ts';
import { requestAs } from './cast.ts';
import { GOOD_CARD } from './data.ts';
import { pdfProse } from './pdf.ts';

/** The steps of a buyer's checkout through the API, each checked as it goes. */

export async function fillCart(app: App, user: TestUser, lines: { productId: string; quantity: number }[]) {
  const res = await requestAs(app, user, 'POST', '/api/cart/lines', { lines });
  expect(res.statusCode, res.body).toBe(200);
}

/** Opens the checkout's card payment and pays it with the test card: answers the cents it was charged. */
export async function payCheckoutByCard(app: App, user: TestUser, checkoutId: string): Promise<number> {
  const intent = await requestAs(app, user, 'POST', `/api/checkouts/${checkoutId}/payment-intent`);
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  const [charged] = await app.db
    .select()
    .from(testPaymentIntents)
    .where(eq(testPaymentIntents.clientSecret, clientSecret));
  const paid = await requestAs(app, user, 'POST', '/api/payments/test-card/confirm', {
    clientSecret,
    ...GOOD_CARD,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return charged!.amountCents;
}

/** The checkout's invoice, and the text of its PDF as the buyer downloads it. */
export async function checkoutInvoice(app: App, user: TestUser, checkoutId: string) {
  const [invoice] = await app.db.select().from(invoices).where(eq(invoices.checkoutId, checkoutId));
  const pdf = await requestAs(app, user, 'GET', `/api/invoices/${invoice!.id}/pdf`);
  expect(pdf.statusCode).toBe(200);
  return { invoice: invoice!, text: await pdfProse(pdf.rawPayload) };
}

/** A seller in Illinois: the admin adds its sales tax, 6.25 % on standard parts. */
export async function addIllinoisSalesTax(app: App, admin: TestUser) {
  const rate = await requestAs(app, admin, 'POST', '/api/tax/rates', {
    country: 'US',
    region: 'IL',
    category: 'standard',
    rate: 6.25,
    name: 'Illinois sales tax',
    validFrom: '2020-01-01',
  });
  expect(rate.statusCode, rate.body).toBe(201);
}

/** A buyer's address and phone in Chicago, where the Illinois seller delivers. */
export const CHICAGO_ADDRESS = { address: '7 Steel Row, Chicago', phone: '+1 312 555 0100' };

/** The delivery choice of a checkout: `methodId` to Illinois. */
export const deliveryToIllinois = (methodId: string) => ({ methodId, country: 'US', region: 'IL' });

/**
 * The buyer places the cart for delivery to Chicago by `methodId`, with any other checkout `fields`
 * (a payment method, a PO reference); it must be placed.
 */
export async function placeToIllinois(
  app: App,
  user: TestUser,
  methodId: string,
  fields: Record<string, unknown> = {},
): Promise<Checkout> {
  const placed = await requestAs(app, user, 'POST', '/api/checkout', {
    ...CHICAGO_ADDRESS,
    ...fields,
    delivery: deliveryToIllinois(methodId),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<Checkout>();
}

/** The admin adds a delivery method; it must be created. */
export async function addDeliveryMethod(
  app: App,
  admin: TestUser,
  body: unknown,
): Promise<DeliveryMethodDto> {
  const res = await requestAs(app, admin, 'POST', '/api/delivery/methods', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DeliveryMethodDto>();
}
