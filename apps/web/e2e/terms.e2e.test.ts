import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import type { Product } from '@forgeline/shared/schemas/product';
import { createAccount, DEMO_ADMIN, signIn, uniqueEmail } from './support/auth';
import { main } from './support/screens';
import { expectAccessible } from './support/axe';
import { journeyContext, openSite, closeSite } from './support/browser';
import type { RunningServer } from './support/server';

/**
 * Payment terms (decision 0112): an admin approves a buyer for 'pay by invoice'; the buyer
 * checks out by invoice with a PO number, finds the order awaiting payment in My Orders and downloads
 * its invoice there; the admin marks it paid with the transfer's reference, and My Orders says Paid.
 */

let server: RunningServer;
let browser: Browser;
let buyerContext: BrowserContext;
let adminContext: BrowserContext;

beforeAll(async () => {
  ({ server, browser } = await openSite());
  buyerContext = await journeyContext(browser);
  adminContext = await journeyContext(browser);
}, 90_000);

afterAll(() => closeSite({ server, browser }));

describe('pay by invoice', () => {
  it('approve terms → invoice checkout → download the invoice in My Orders → admin marks it paid', async () => {
    const email = uniqueEmail('accounts');
    const password = 'terms-buyer-2026';
    await createAccount(server.url, 'Accounts Buyer', email, password);

    // The admin approves the buyer: net 30, $5,000.
    const admin = await adminContext.newPage();
    await signIn(admin, server.url, DEMO_ADMIN.email, DEMO_ADMIN.password, '/dashboard/makeAdmin');
    await admin.waitForURL(`${server.url}/dashboard/makeAdmin`, { timeout: 20_000 });
    await admin.getByRole('button', { name: `Payment terms of ${email}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Payment terms of ${email}` });
    await dialog.getByText('Pays by card only.').waitFor();
    await dialog.getByLabel('Credit limit ($)').fill('5000');
    await dialog.getByRole('button', { name: 'Approve pay by invoice' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The buyer checks out by invoice with a PO number.
    const catalogue = (await (await fetch(`${server.url}/api/products`)).json()) as Product[];
    const product = catalogue.find((item) => item.sku === 'FL-BRG-6204') as Product;
    const buyer = await buyerContext.newPage();
    await signIn(buyer, server.url, email, password, `/product/${product._id}`);
    await buyer.waitForURL(`${server.url}/product/${product._id}`, { timeout: 20_000 });
    await main(buyer).getByRole('button', { name: 'Add to cart' }).click();
    await buyer.getByText(/added to your cart/).waitFor();
    await buyer.goto(`${server.url}/checkout`);
    await main(buyer).getByLabel('Address').fill('4 Canal Wharf, Leeds');
    await main(buyer).getByLabel('Phone').fill('+44 113 496 0000');
    await main(buyer).getByLabel('Pay by invoice (net 30 days)').check();
    // Without a PO number the form says so and nothing is placed.
    await buyer.getByRole('button', { name: /^Place order/ }).click();
    await main(buyer).getByText('A PO number is required to pay by invoice.').waitFor();
    await main(buyer).getByLabel('PO number (required)').fill('PO-E2E-77');
    await expectAccessible(buyer, 'checkout by invoice');
    await buyer.getByRole('button', { name: /^Place order/ }).click();
    await buyer.waitForURL(/\/checkout\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await buyer.getByTestId('terms-note').waitFor();
    expect(await buyer.getByRole('button', { name: 'Pay', exact: true }).count()).toBe(0);

    // My Orders: awaiting payment with its due date, no Pay link, and the invoice to download.
    await buyer.goto(`${server.url}/dashboard/myOrders`);
    const row = buyer.locator('[data-testid="order-row"]', { hasText: 'PO PO-E2E-77' });
    await row
      .getByTestId('order-payment-state')
      .getByText(/^Awaiting payment \(due \d{1,2} \w{3}/)
      .waitFor();
    expect(await row.getByRole('link', { name: /^Pay for/ }).count()).toBe(0);
    const invoiceLink = row.getByRole('link', { name: /^Invoice INV-\d{4}-\d{6}/ });
    const invoiceName = ((await invoiceLink.textContent()) ?? '')
      .replace(' (PDF)', '')
      .replace('Invoice ', '');
    const [download] = await Promise.all([buyer.waitForEvent('download'), invoiceLink.click()]);
    expect(download.suggestedFilename()).toBe(`${invoiceName}.pdf`);
    const pdf = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of pdf) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
    await buyer.screenshot({ path: '/tmp/h-terms-my-orders.png', fullPage: false });

    // The admin finds it among the invoices on terms and records the transfer.
    await admin.goto(`${server.url}/dashboard/termsInvoices`);
    const open = admin.locator('[data-testid="terms-invoice-row"]', { hasText: invoiceName });
    await open.getByText('PO-E2E-77').waitFor();
    // On a phone the row is a card: Mark paid is on screen and nothing scrolls sideways.
    await admin.setViewportSize({ width: 375, height: 800 });
    const markPaid = open.getByRole('button', { name: `Mark ${invoiceName} paid` });
    await expect.poll(async () => (await markPaid.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
    const box = await markPaid.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await markPaid.click();
    await open.getByLabel('Payment reference').fill('BACS 2026-1187');
    await open.getByRole('button', { name: 'Record payment' }).click();
    await admin.screenshot({ path: '/tmp/h-terms-admin-375.png', fullPage: false });
    await open.waitFor({ state: 'detached', timeout: 20_000 });

    // The buyer now sees it paid, with the reference, and the same invoice.
    await buyer.reload();
    await row.getByTestId('order-payment-state').getByText('Paid', { exact: true }).waitFor();
    expect(await row.getByTestId('transaction-id').textContent()).toBe('BACS 2026-1187');
    // The same invoice, no second one (the documents load beside the orders).
    await row.getByRole('link', { name: new RegExp(`^Invoice ${invoiceName}`) }).waitFor();
    expect(await row.getByRole('link', { name: /^Invoice / }).count()).toBe(1);
    await admin.close();
    await buyer.close();
  }, 180_000);
});
