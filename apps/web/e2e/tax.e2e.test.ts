import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_CUSTOMER, DEMO_MANAGER, signInAt } from './support/auth';
import { addMinimumOf, DEMO_BOLT, money } from './support/cart';
import { closeSite, openSiteWithDeskAndPhone } from './support/browser';
import { payWithGoodCard } from './support/payment';
import type { RunningServer } from './support/server';

/**
 * Tax in the browser (docs/decisions/0219), the seller registered in Germany: Demo Industries, moved to
 * France with a VAT ID the shop verified, sees reverse charge in its cart on a phone and on its invoice;
 * a person buying at a desk is charged German VAT and pays the gross by card.
 */

let server: RunningServer;
let browser: Browser;
let desk: BrowserContext;
let phone: BrowserContext;

const addBolt = (page: Page) => addMinimumOf(page, server.url, DEMO_BOLT);

beforeAll(async () => {
  ({ server, browser, desk, phone } = await openSiteWithDeskAndPhone({
    SELLER_COUNTRY: 'DE',
    SELLER_TAX_ID: 'DE136695976',
  }));

  // The shop's admin moves Demo Industries to France with its VAT ID and marks the ID verified (VIES).
  const admin = await signInAt(desk, server.url, DEMO_ADMIN, '/dashboard');
  const headers = { origin: server.url };
  const companies = (await (
    await admin.request.get(`${server.url}/api/companies?search=Demo%20Industries`)
  ).json()) as { id: string }[];
  const id = companies[0]!.id;
  const moved = await admin.request.patch(`${server.url}/api/companies/${id}`, {
    data: { country: 'FR', region: null, taxId: 'FR40303265045' },
    headers,
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const verified = await admin.request.post(`${server.url}/api/companies/${id}/taxId/verification`, {
    headers,
  });
  expect(verified.status(), await verified.text()).toBe(200);
  await admin.close();
}, 120_000);

afterAll(() => closeSite({ server, browser }));

describe('tax as the buyer sees it', () => {
  it('an EU company with a verified VAT ID sees reverse charge in the cart and on its invoice', async () => {
    const manager = await signInAt(phone, server.url, DEMO_MANAGER, '/');
    await addBolt(manager);
    await manager.goto(`${server.url}/cart`);
    const totals = manager.getByTestId('tax-totals');
    await totals.waitFor();
    await expect.poll(() => totals.textContent()).toContain('Reverse charge (0 %)');
    expect(await manager.getByTestId('tax-note').textContent()).toContain(
      'Reverse charge: VAT to be accounted for by the recipient',
    );
    expect(money(await manager.getByTestId('tax-amount').textContent())).toBe(0);
    const net = money(await manager.getByTestId('cart-total').textContent());
    expect(money(await manager.getByTestId('cart-gross').textContent())).toBe(net);
    await manager.screenshot({
      path: 'test-results/screens/tax-cart-reverse-charge-375.png',
      fullPage: true,
    });

    // On the company's terms: the invoice is issued with the order.
    await manager.getByRole('link', { name: 'Checkout' }).click();
    await manager.waitForURL(`${server.url}/checkout`);
    await manager
      .locator('main')
      .getByLabel(/^Pay by invoice/)
      .check();
    await manager
      .locator('main')
      .getByLabel(/^PO number/)
      .fill('PO-TAX-1');
    await manager.getByRole('button', { name: /^Place order/ }).click();
    await manager.waitForURL(/\/checkout\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    const checkoutId = manager.url().split('/').pop()!;
    const checkout = (await (
      await manager.request.get(`${server.url}/api/checkouts/${checkoutId}`)
    ).json()) as {
      orders: { _id: string }[];
    };
    const documents = (await (
      await manager.request.get(`${server.url}/api/order/${checkout.orders[0]!._id}/invoices`)
    ).json()) as { pdfUrl: string; kind: string }[];
    const pdf = await manager.request.get(
      `${server.url}${documents.find((d) => d.kind === 'invoice')!.pdfUrl}`,
    );
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), {
      mergePages: true,
    });
    expect(text).toContain('Tax ID FR40303265045');
    expect(text).toContain('Tax id: DE136695976');
    expect(text).toMatch(/Reverse charge: VAT to be accounted for by the recipient/);
    expect(text).toContain('Tax 0 % on');
  });

  it('a domestic buyer is charged VAT and pays the gross by card', async () => {
    const customer = await signInAt(desk, server.url, DEMO_CUSTOMER, '/');
    await addBolt(customer);
    await customer.goto(`${server.url}/cart`);
    await customer.getByTestId('tax-totals').waitFor();
    const net = money(await customer.getByTestId('cart-total').textContent());
    const tax = money(await customer.getByTestId('tax-amount').textContent());
    expect(tax).toBe(Math.floor(net * 19 + 0.5) / 100);
    const gross = money(await customer.getByTestId('cart-gross').textContent());
    expect(gross).toBe(Math.round((net + tax) * 100) / 100);

    await customer.getByRole('link', { name: 'Checkout' }).click();
    await customer.waitForURL(`${server.url}/checkout`);
    const main = customer.locator('main');
    // Collected from the works: the goods alone, so the VAT paid is the cart's (delivery.e2e prices a parcel).
    const methods = main.getByRole('group', { name: 'Delivery method' });
    await methods.getByRole('radio', { name: /Collection from the works/ }).check();
    await expect.poll(() => main.getByLabel('Address').count()).toBe(0);
    await main.getByLabel('Phone').fill('+49 711 000000');
    await customer
      .getByRole('button', { name: `Place order · $ ${gross.toFixed(2).replace(/\.00$/, '')}` })
      .click();
    await customer.waitForURL(/\/checkout\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    expect(money(await customer.getByTestId('payment-total').textContent())).toBe(gross);
    await customer.screenshot({ path: 'test-results/screens/tax-pay-1280.png', fullPage: true });
    expect(await payWithGoodCard(customer)).toMatch(/^pi_/);
    const checkoutId = customer.url().split('/').pop()!;
    const paid = (await (await customer.request.get(`${server.url}/api/checkouts/${checkoutId}`)).json()) as {
      paid: boolean;
      tax: { totalWithTax: number };
    };
    expect(paid).toMatchObject({ paid: true, tax: { totalWithTax: gross } });
  });
});
