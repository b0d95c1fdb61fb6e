import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_CUSTOMER, signInAt } from './support/auth';
import { addMinimumOf, money } from './support/cart';
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

const addBolt = (page: Page) => addMinimumOf(page, server.url, BOLT);

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
    // The cheapest method that delivers is chosen first; collection (free) only when the buyer asks for it.
    await expect.poll(() => methods.getByRole('radio', { name: /Parcel/ }).isChecked()).toBe(true);
    await expect.poll(async () => main.getByTestId('delivery-cost').textContent()).toBe('$ 15');
    const total = money(await main.getByTestId('checkout-total').textContent());
    // Collecting from the works asks for no address and costs nothing.
    await methods.getByRole('radio', { name: /Collection from the works/ }).check();
    await expect.poll(() => main.getByLabel('Address').count()).toBe(0);
    const net = money(await main.getByTestId('checkout-total').textContent());
    expect(total).toBe(Math.round((net + 15) * 100) / 100);

    await methods.getByRole('radio', { name: /Parcel/ }).check();
    await expect.poll(async () => main.getByTestId('delivery-cost').textContent()).toBe('$ 15');
    await expect.poll(() => main.getByLabel('Address').inputValue()).toBe('7 Steel Row, Chicago');
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
