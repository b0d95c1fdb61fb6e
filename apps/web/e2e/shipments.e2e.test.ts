import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Product } from '@forgeline/shared/schemas/product';
import { openSiteForTheseTests } from './support/browser';
import { newBuyerOnTerms, placeOnTerms } from './support/terms-buyer';

/**
 * Partial shipments (decision 0232): a buyer on payment terms checks out three parts; the admin, on a
 * phone (375 px), ships two of the three lines from the order's page with DHL and a tracking number; the
 * buyer finds the shipment and its tracking link in My Orders.
 */

/** The site, the buyer's desk and the admin's phone (800 px tall), open for this file's journey. */
const site = openSiteForTheseTests(undefined, 800);

const TRACKING = 'JD0146 0000 7788';

describe('shipments', () => {
  it('admin at 375 px ships 2 of 3 lines with tracking; the buyer sees the shipment and its link', async () => {
    const { server, desk: buyerContext, phone } = site;
    // The admin approves the buyer for payment terms: lines on terms ship before they are paid.
    const { buyer, admin } = await newBuyerOnTerms(server.url, buyerContext, phone, 'Shipping Buyer');

    // Three parts in one checkout by invoice (through the API, as quick order does).
    const catalogue = (await (await buyer.request.get(`${server.url}/api/products`)).json()) as Product[];
    const parts = catalogue
      .filter((product) => product.availableQuantiity >= product.minOrder * 2)
      .slice(0, 3);
    expect(parts).toHaveLength(3);
    const checkout = await placeOnTerms(
      buyer,
      server.url,
      parts.map((part) => ({ productId: part._id, quantity: part.minOrder })),
      'PO-SHIP-E2E',
    );
    const [first, second, third] = checkout.orders;

    // The admin, on a phone, opens the first line's page and ships the first two lines.
    await admin.goto(`${server.url}/dashboard/order/${first!._id}`);
    const form = admin.getByRole('form', { name: 'Ship pieces' });
    await form.waitFor();
    const pieces = (line: typeof first) =>
      form.getByLabel(`Pieces of ${line!.number} (${line!.productName})`);
    expect(await pieces(first).inputValue()).toBe(String(first!.buyQuantity));
    expect(await pieces(second).inputValue()).toBe(String(second!.buyQuantity));
    await pieces(third).fill('0');
    await form.getByLabel('Carrier').selectOption({ label: 'DHL' });
    await form.getByLabel('Tracking number').fill(TRACKING);
    // Nothing wider than the phone: the form is used without scrolling sideways.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await admin.screenshot({ path: '/tmp/h-ship-admin-form-375.png' });
    await admin
      .getByRole('region', { name: 'Shipping' })
      .screenshot({ path: '/tmp/h-ship-admin-shipping-375.png' });
    const submit = form.getByRole('button', { name: 'Ship these pieces' });
    const box = await submit.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await submit.click();

    const shipments = admin.getByRole('list', { name: `Shipments of ${first!.number}` });
    await shipments.getByText(/^SH-\d+$/).waitFor({ timeout: 20_000 });
    const number = (await shipments.getByText(/^SH-\d+$/).textContent())!;
    // What is left is the third line alone.
    await form.getByLabel(`Pieces of ${third!.number} (${third!.productName})`).waitFor();
    expect(await form.getByLabel(/^Pieces of /).count()).toBe(1);
    await admin.getByTestId('order-status').getByText('Shipped').waitFor();
    await admin
      .getByRole('region', { name: 'Shipping' })
      .screenshot({ path: '/tmp/h-ship-admin-shipped-375.png' });

    // The buyer sees the shipment under the checkout in My Orders, with the tracking link.
    await buyer.reload();
    const group = buyer.locator('[data-testid="checkout-group"]', { hasText: checkout.number });
    const list = group.getByRole('list', { name: `Shipments of ${checkout.number}` });
    const link = list.getByRole('link', { name: `Track ${number} with DHL: ${TRACKING}` });
    await link.waitFor({ timeout: 20_000 });
    expect(await link.getAttribute('href')).toBe(
      `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${encodeURIComponent(TRACKING)}`,
    );
    const shipment = list.getByTestId('shipment');
    expect(await shipment.textContent()).toContain(`${first!.buyQuantity + second!.buyQuantity} pcs`);
    await expect.poll(() => group.getByTestId('checkout-status').textContent()).toContain('2 of 3 shipped');
    await group.scrollIntoViewIfNeeded();
    await buyer.screenshot({ path: '/tmp/h-ship-buyer-my-orders.png', fullPage: false });
    await shipmentsOnPhone(buyerContext, checkout.number);
  }, 180_000);
});

/** The buyer's My Orders on a phone too: the shipment's link fits the screen. */
async function shipmentsOnPhone(context: BrowserContext, checkoutNumber: string) {
  const page: Page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${site.server.url}/dashboard/myOrders`);
  const list = page.getByRole('list', { name: `Shipments of ${checkoutNumber}` });
  await list.waitFor({ timeout: 20_000 });
  await list.scrollIntoViewIfNeeded();
  const link = list.getByRole('link', { name: /^Track SH-/ });
  const box = await link.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: '/tmp/h-ship-buyer-my-orders-375.png', fullPage: false });
  await page.close();
}
