import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_CUSTOMER, signInAt } from './support/auth';
import { journeyContext, openSite, closeSite } from './support/browser';
import { payWithGoodCard } from './support/payment';
import type { RunningServer } from './support/server';

/**
 * Checkout with a delivery method (decision 0235), on a phone: the demo shop's methods for Illinois,
 * the cheapest preselected, the buyer picks the parcel, sees its cost in the summary and on the payment
 * page, and pays goods and delivery in one card payment.
 */

const BOLT = 'Hex Flange Bolt M12 × 50, Grade 10.9';

let server: RunningServer;
let browser: Browser;
let phone: BrowserContext;

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

async function addBolt(page: Page) {
  const all = (await (await page.request.get(`${server.url}/api/products`)).json()) as {
    _id: string;
    name: string;
    minOrder: number;
  }[];
  const bolt = all.find((product) => product.name === BOLT);
  expect(bolt, 'the demo bolt').toBeDefined();
  const added = await page.request.post(`${server.url}/api/cart/lines`, {
    data: { lines: [{ productId: bolt!._id, quantity: bolt!.minOrder }] },
    headers: { origin: server.url },
  });
  expect(added.status(), await added.text()).toBe(200);
}

beforeAll(async () => {
  ({ server, browser } = await openSite());
  phone = await journeyContext(browser, 375);
});
afterAll(() => closeSite({ server, browser }));

describe('checkout with a delivery method', () => {
  it('chooses the parcel for Illinois and pays goods and delivery by card', async () => {
    const buyer = await signInAt(phone, server.url, DEMO_CUSTOMER, '/');
    await addBolt(buyer);
    await buyer.goto(`${server.url}/checkout`);
    const main = buyer.locator('main');
    await main.getByLabel('Address').fill('7 Steel Row, Chicago');
    await main.getByLabel('Phone').fill('+1 312 555 0100');
    const methods = main.getByRole('group', { name: 'Delivery method' });
    await methods.getByLabel('State / region').fill('IL');
    // Collection costs nothing: the cheapest, chosen first.
    await expect
      .poll(() => methods.getByRole('radio', { name: /Collection from the works/ }).isChecked())
      .toBe(true);
    const net = money(await main.getByTestId('checkout-total').textContent());

    await methods.getByRole('radio', { name: /Parcel/ }).check();
    await expect.poll(async () => main.getByTestId('delivery-cost').textContent()).toBe('$ 15');
    const total = money(await main.getByTestId('checkout-total').textContent());
    expect(total).toBe(Math.round((net + 15) * 100) / 100);
    await buyer.screenshot({ path: 'test-results/screens/delivery-checkout-375.png', fullPage: true });

    await main.getByRole('button', { name: /^Place order/ }).click();
    await buyer.waitForURL(/\/checkout\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    expect(await buyer.getByTestId('delivery-cost').textContent()).toBe('$ 15');
    expect(money(await buyer.getByTestId('payment-total').textContent())).toBe(total);
    expect(await payWithGoodCard(buyer)).toMatch(/^pi_/);

    const checkoutId = buyer.url().split('/').pop()!;
    const paid = (await (await buyer.request.get(`${server.url}/api/checkouts/${checkoutId}`)).json()) as {
      paid: boolean;
      delivery: { method: string; cost: number };
    };
    expect(paid).toMatchObject({ paid: true, delivery: { method: 'Parcel', cost: 15 } });
  });
});
