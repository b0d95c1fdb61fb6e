import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatPrice } from '@forgeline/shared/money';
import { DEMO_ADMIN, DEMO_CUSTOMER, signInAt } from './support/auth';
import { expectAccessible } from './support/axe';
import { journeyContext, openSite, closeSite } from './support/browser';
import { payWithGoodCard } from './support/payment';
import type { RunningServer } from './support/server';

/** A buyer asks for a quote, the shop prices it, the buyer reads the offer and its PDF — on a phone too. */

type Product = {
  _id: string;
  sku: string;
  name: string;
  price: number;
  minOrder: number;
  maxOrder: number | null;
  packSize: number;
  availableQuantiity: number;
  priceTiers: { minQuantity: number; price: number }[];
};

/** Picks a part in the quote form's combobox by typing its part number and choosing the match. */
async function choosePart(page: Page, label: string, product: Product) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(product.sku.slice(0, -1));
  await page
    .getByRole('option', { name: new RegExp(product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .click();
  expect(await box.inputValue()).toBe(`${product.sku} · ${product.name}`);
}

/** The shop checks the offer's total, the page's accessibility, and sends it. */
async function sendOffer(desk: Page, total: number, what: string) {
  await desk.getByText(`Offer total: $ ${formatPrice(total)}`).waitFor();
  await expectAccessible(desk, what);
  await desk.getByRole('button', { name: 'Send offer' }).click();
  await desk
    .getByText(/^Offer valid until /)
    .first()
    .waitFor();
}

let server: RunningServer;
let browser: Browser;
let buyer: BrowserContext;
let admin: BrowserContext;

beforeAll(async () => {
  ({ server, browser } = await openSite());
  buyer = await journeyContext(browser, 375);
  admin = await journeyContext(browser, 1280);
}, 90_000);

afterAll(() => closeSite({ server, browser }));

describe('quotes', () => {
  it('RFQ → offer → the buyer reads the offer, downloads its PDF, accepts it and pays it', async () => {
    const catalogue = (await (await fetch(`${server.url}/api/products`)).json()) as Product[];
    // Plenty in stock: accepting takes the stock, and a buyer without a paid order may hold at most half.
    const part = catalogue.find((p) => p.availableQuantiity >= p.minOrder * 30);
    expect(part).toBeDefined();
    const product = part as Product;
    const quantity = product.minOrder * 10;

    // The buyer, on a 375 px phone, asks for a quote with a target price.
    const page = await signInAt(buyer, server.url, DEMO_CUSTOMER, '/dashboard/myQuotes');
    await page.getByRole('link', { name: 'Request a quote' }).click();
    await choosePart(page, 'Part 1', product);
    await page.getByLabel('Quantity (pcs)').fill(String(quantity));
    await page.getByLabel('Target price per piece (optional)').fill('0.5');
    await page.getByLabel('Note for our sales team (optional)').fill('Two deliveries, please.');
    await expectAccessible(page, 'request a quote');
    await page.getByRole('button', { name: 'Request quote' }).click();
    await page.waitForURL(/\/dashboard\/myQuotes\/[0-9a-f-]{36}$/);
    await page.getByText('Waiting for our prices').waitFor();
    const quoteUrl = page.url();
    const quoteId = quoteUrl.split('/').at(-1)!;

    // The shop prices it from its Quotes page.
    const desk = await signInAt(admin, server.url, DEMO_ADMIN, '/dashboard/quotes?status=requested');
    const card = desk.locator('[data-testid="quote-card"]', { hasText: DEMO_CUSTOMER.email }).first();
    await card.getByRole('link').click();
    await desk.waitForURL(`${server.url}/dashboard/quotes/${quoteId}`);
    await desk.getByLabel(`Our price per piece for ${product.name}`).fill('0.75');
    await desk.getByLabel('Offer valid for (days)').fill('10');
    await desk.getByLabel('Message to the customer (optional)').fill('Two drops are fine.');
    await sendOffer(desk, 0.75 * quantity, 'price a quote');

    // The buyer sees the offer, the shop's message and the PDF.
    await page.reload();
    await page
      .getByText(/^Offer valid until /)
      .first()
      .waitFor();
    const region = page.getByRole('region', { name: 'Quote lines' });
    expect(await region.textContent()).toContain('$ 0.75');
    await page.getByText('Two drops are fine.').waitFor();
    await expectAccessible(page, 'an offered quote at 375 px');
    const pdfHref = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
    const pdf = await page.request.get(`${server.url}${pdfHref}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // A reply from the buyer shows in the conversation.
    await page.getByLabel('Write a message').fill('Thanks, we will confirm on Monday.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Thanks, we will confirm on Monday.').waitFor();
    await page.screenshot({ path: 'test-results/screens/quote-offered-375.png', fullPage: true });
    await desk.screenshot({ path: 'test-results/screens/quote-admin-1280.png', fullPage: true });

    // The buyer accepts: the offer becomes an order at the offered prices, paid with one card payment.
    const accept = page.getByRole('form', { name: 'Accept the offer' });
    await accept.getByLabel('Address').fill('4 Quay Street, Hull');
    await accept.getByLabel('Phone').fill('+44 1482 000000');
    await accept.getByLabel('PO reference (optional)').fill('PO-RFQ-1');
    await expectAccessible(page, 'accepting an offer at 375 px');
    await page.screenshot({ path: 'test-results/screens/quote-accept-375.png', fullPage: true });
    await accept.getByRole('button', { name: `Accept offer · $ ${formatPrice(0.75 * quantity)}` }).click();
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await page.locator('main').getByText('PO-RFQ-1').first().waitFor();
    expect(await page.locator('main').textContent()).toContain(`$ ${formatPrice(0.75 * quantity)}`);
    expect((await payWithGoodCard(page)).length).toBeGreaterThan(0);

    await page.goto(quoteUrl);
    await page.getByText('You accepted this offer.').waitFor();
    await desk.reload();
    await desk.getByText('Accepted', { exact: true }).first().waitFor();
  });

  it('a quote for more than the cart allows goes from request to offer at the volume price to acceptance', async () => {
    const catalogue = (await (await fetch(`${server.url}/api/products`)).json()) as Product[];
    // A part with a per-order maximum, a price break below it, and stock for more than the maximum.
    const part = catalogue.find(
      (p) =>
        p.maxOrder !== null &&
        p.priceTiers.length > 0 &&
        p.priceTiers[0]!.minQuantity <= p.maxOrder &&
        p.availableQuantiity >= p.maxOrder * 2 + p.packSize,
    );
    expect(part).toBeDefined();
    const product = part as Product;
    const quantity = Math.ceil((product.maxOrder! + 1) / product.packSize) * product.packSize;
    const volumePrice = product.priceTiers.filter((tier) => tier.minQuantity <= quantity).at(-1)!.price;

    // The buyer finds the part by its number and asks for more than one order may hold.
    const page = await signInAt(buyer, server.url, DEMO_CUSTOMER, '/dashboard/requestQuote');
    await choosePart(page, 'Part 1', product);
    await page.getByLabel('Quantity (pcs)').fill(String(quantity));
    await page.getByRole('button', { name: 'Request quote' }).click();
    await page.waitForURL(/\/dashboard\/myQuotes\/[0-9a-f-]{36}$/);
    const quoteId = page.url().split('/').at(-1)!;

    // The shop sees the part's rules and stock, and a price that starts at the volume price.
    const desk = await signInAt(admin, server.url, DEMO_ADMIN, `/dashboard/quotes/${quoteId}`);
    const rules = desk.getByTestId('part-rules');
    await rules.getByText(`cart maximum ${product.maxOrder} pcs`, { exact: false }).waitFor();
    expect(await rules.textContent()).toMatch(/\d+ pcs in stock/);
    const price = desk.getByLabel(`Our price per piece for ${product.name}`);
    expect(Number(await price.inputValue())).toBe(volumePrice);
    // A quantity that breaks a rule is named beside its line and cannot be sent.
    const quantityBox = desk.getByLabel(`Quantity for ${product.name} (pcs)`);
    await quantityBox.fill(String(product.minOrder - 1));
    await desk.getByText(`You can't order less than ${product.minOrder} pcs !`).waitFor();
    expect(await desk.getByRole('button', { name: 'Send offer' }).isDisabled()).toBe(true);
    await quantityBox.fill(String(quantity));
    await sendOffer(desk, volumePrice * quantity, 'pricing a quote past the maximum');

    // The buyer accepts it: a checkout for the whole quantity at the offered price.
    await page.reload();
    const accept = page.getByRole('form', { name: 'Accept the offer' });
    await accept.getByLabel('Address').fill('7 Forge Yard, Sheffield');
    await accept.getByLabel('Phone').fill('+44 114 000 0000');
    await accept
      .getByRole('button', { name: `Accept offer · $ ${formatPrice(volumePrice * quantity)}` })
      .click();
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    // The order's page fills in once it has loaded: until then the quote's page (which names the part and
    // the total too) or 'Loading your order' shows, so wait for the checkout's own total.
    const total = page.getByTestId('payment-total');
    await total.waitFor({ timeout: 20_000 });
    expect(await total.textContent()).toBe(`$ ${formatPrice(volumePrice * quantity)}`);
    expect(await page.locator('main').textContent()).toContain(product.name);
  });
});
