import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { Quote } from '@forgeline/shared/schemas/quote';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { requestAs, type Method } from './support/cast.ts';
import { GOOD_CARD, makeProduct, orderBody } from './support/data.ts';
import { outboxMailsTo } from './support/mail.ts';

/**
 * Every admin gets one e-mail for each new order, whichever way it was placed (the spec's one-product
 * order, a cart checkout, an accepted quote), and one for each payment (decision 0201); a refused order
 * or payment sends them nothing, and the buyer never gets the shop's copy.
 */
let t: TestApp;
let buyer: TestUser;
let admins: TestUser[];
let part: { id: string; name: string };

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await createUser(t.app, { name: 'Mina Mailwatch' });
  admins = [await createUser(t.app, { admin: true }), await createUser(t.app, { admin: true })];
  part = await makeProduct(t.app, {
    name: 'Gasket 40',
    priceCents: 125,
    minOrder: 4,
    availableQuantity: 50_000,
  });
}, 60_000);
afterAll(() => t.close());

const as = (user: TestUser, method: Method, url: string, payload?: object) =>
  requestAs(t.app, user, method, url, payload);
const delivery = { address: '3 Mill Row, Leeds', phone: '+44 113 000 0000', poReference: 'PO-ADM-7' };

const subjectsTo = async (email: string) =>
  (await outboxMailsTo(t.app, email)).map((row) => ({ subject: row.subject, text: row.textBody }));

/** What each admin, and the buyer, got while `action` ran. */
async function mailsDuring(action: () => Promise<void>) {
  const everyone = [...admins, buyer];
  const before = await Promise.all(everyone.map(async (user) => (await subjectsTo(user.email)).length));
  await action();
  const after = await Promise.all(everyone.map((user) => subjectsTo(user.email)));
  const got = after.map((mails, index) => mails.slice(before[index]));
  return { admins: got.slice(0, admins.length), buyer: got.at(-1)! };
}

async function pay(clientSecret: string) {
  const res = await as(buyer, 'POST', '/api/payments/test-card/confirm', { clientSecret, ...GOOD_CARD });
  expect(res.statusCode, res.body).toBe(200);
}

const secretOf = async (url: string, payload?: object) =>
  (await as(buyer, 'POST', url, payload)).json<{ clientSecret: string }>().clientSecret;
const checkoutSecret = (checkoutId: string) => secretOf(`/api/checkouts/${checkoutId}/payment-intent`);

/** Each way to order, answering what to pay for it with. */
const placements: [string, () => Promise<{ clientSecret: () => Promise<string>; lines: number }>][] = [
  [
    "the spec's one-product order",
    async () => {
      const res = await as(buyer, 'POST', '/api/order', orderBody(part.id, 8));
      expect(res.statusCode, res.body).toBe(201);
      const orderId = res.json<{ insertedId: string }>().insertedId;
      return { lines: 1, clientSecret: () => secretOf('/api/create-payment-intent', { orderId }) };
    },
  ],
  [
    'a cart checkout',
    async () => {
      const other = await makeProduct(t.app, { name: 'Washer 40', priceCents: 10, availableQuantity: 5000 });
      const added = await as(buyer, 'POST', '/api/cart/lines', {
        lines: [
          { productId: part.id, quantity: 12 },
          { productId: other.id, quantity: 100 },
        ],
      });
      expect(added.statusCode, added.body).toBeLessThan(300);
      const res = await as(buyer, 'POST', '/api/checkout', delivery);
      expect(res.statusCode, res.body).toBe(201);
      return { lines: 2, clientSecret: () => checkoutSecret(res.json<Checkout>()._id) };
    },
  ],
  [
    'an accepted quote',
    async () => {
      const asked = await as(buyer, 'POST', '/api/quotes', {
        lines: [{ productId: part.id, quantity: 400 }],
      });
      const quote = asked.json<Quote>();
      const offered = await as(admins[0]!, 'POST', `/api/quotes/${quote._id}/offer`, {
        lines: [{ lineId: quote.lines[0]!._id, price: 1.1 }],
      });
      expect(offered.statusCode, offered.body).toBe(200);
      const res = await as(buyer, 'POST', `/api/quotes/${quote._id}/accept`, delivery);
      expect(res.statusCode, res.body).toBe(201);
      return { lines: 1, clientSecret: () => checkoutSecret(res.json<Checkout>()._id) };
    },
  ],
];

describe('admin e-mail for each new order and each payment', () => {
  it.each(placements)('tells every admin once of %s and of its payment', async (_, place) => {
    let placed: Awaited<ReturnType<typeof place>> | undefined;
    const onPlace = await mailsDuring(async () => {
      placed = await place();
    });
    for (const mails of onPlace.admins) {
      const orders = mails.filter((mail) => mail.subject.startsWith('New order '));
      expect(orders, JSON.stringify(mails)).toHaveLength(1);
      const [mail] = orders;
      expect(mail!.subject).toMatch(placed!.lines === 1 ? /: 1 line, \$/ : /: 2 lines, \$/);
      expect(mail!.text).toContain(`Customer:  Mina Mailwatch <${buyer.email}>`);
      expect(mail!.text).toContain('Gasket 40: ');
      expect(mail!.text).toContain('Awaiting card payment');
      expect(mail!.text).toContain(`${t.app.config.publicUrl}/dashboard/order/`);
    }
    expect(onPlace.buyer.map((mail) => mail.subject).filter((s) => s.startsWith('New order'))).toEqual([]);

    const secret = await placed!.clientSecret();
    const onPay = await mailsDuring(() => pay(secret));
    for (const mails of onPay.admins) {
      expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Order paid /)]);
      expect(mails[0]!.text).toMatch(/Paid \$[\d.]+: transaction pi_/);
    }
    expect(onPay.buyer.map((mail) => mail.subject).filter((s) => s.startsWith('Order paid'))).toEqual([]);
  });

  it('sends the admins nothing for a refused order or a declined card', async () => {
    const refused = await mailsDuring(async () => {
      const res = await as(buyer, 'POST', '/api/order', orderBody(part.id, 1));
      expect(res.statusCode).toBe(400);
    });
    expect(refused.admins).toEqual([[], []]);

    const res = await as(buyer, 'POST', '/api/order', orderBody(part.id, 4));
    const orderId = res.json<{ insertedId: string }>().insertedId;
    const { clientSecret } = (await as(buyer, 'POST', '/api/create-payment-intent', { orderId })).json<{
      clientSecret: string;
    }>();
    const declined = await mailsDuring(async () => {
      const paid = await as(buyer, 'POST', '/api/payments/test-card/confirm', {
        clientSecret,
        ...GOOD_CARD,
        cardNumber: '4000 0000 0000 0002',
      });
      expect(paid.statusCode).toBe(402);
    });
    expect(declined.admins).toEqual([[], []]);
  });
});
