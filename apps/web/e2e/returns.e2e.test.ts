import { describe, expect, it } from 'vitest';
import type { Product } from '@forgeline/shared/schemas/product';
import { openSiteForTheseTests } from './support/browser';
import { newBuyerOnTerms, placeOnTerms } from './support/terms-buyer';

/**
 * Returns (decision 0240): a buyer on payment terms has a line shipped, asks in My Orders to return two
 * pieces; the admin, on a phone (375 px), approves, marks them received and refunds them with a credit
 * note from the Returns page; the buyer sees the return Refunded with its credit note.
 */

/** The site, the buyer's desk and the admin's phone (800 px tall), open for this file's journey. */
const site = openSiteForTheseTests(undefined, 800);

describe('returns', () => {
  it('a return refunded with a credit note', async () => {
    const { server, desk: buyerContext, phone } = site;
    const headers = { origin: server.url };
    const { buyer, admin } = await newBuyerOnTerms(server.url, buyerContext, phone, 'Returns Buyer');

    // One part of at least 2 pieces on terms, shipped in full (through the API, as the shipments journey shows).
    const catalogue = (await (await buyer.request.get(`${server.url}/api/products`)).json()) as Product[];
    const part = catalogue.find(
      (product) => product.availableQuantiity >= Math.max(product.minOrder, 2) * 2,
    )!;
    const quantity = Math.max(part.minOrder, 2);
    const placed = await placeOnTerms(buyer, server.url, [{ productId: part._id, quantity }], 'PO-RET-E2E');
    const line = placed.orders[0]!;
    const shipped = await admin.request.post(`${server.url}/api/shipments`, {
      data: { lines: [{ orderId: line._id, quantity }], carrier: 'dhl', trackingNumber: 'JD0146 0000 4242' },
      headers,
    });
    expect(shipped.status(), await shipped.text()).toBe(201);

    // The buyer asks to return 2 pieces from My Orders.
    await buyer.reload();
    await buyer.getByRole('button', { name: `Return pieces of ${line.number}` }).click();
    const form = buyer.getByRole('form', { name: `Return pieces of ${line.number}` });
    await form.getByLabel('Pieces to return').fill('2');
    await form.getByLabel('Reason').selectOption({ label: 'Arrived damaged' });
    await form.getByLabel(/^Comment/).fill('Two flanges bent in transit');
    await buyer.screenshot({ path: '/tmp/h-returns-buyer-form.png' });
    await form.getByRole('button', { name: 'Ask to return' }).click();
    const mine = buyer.getByRole('list', { name: 'Your returns' });
    const request = mine.getByTestId('my-return').filter({ hasText: line.number });
    await request.getByTestId('return-status').getByText('Requested').waitFor({ timeout: 20_000 });
    const number = (await request.getByText(/^RT-\d+$/).textContent())!;

    // The admin, on a phone, takes it through its steps from the Returns page.
    await admin.goto(`${server.url}/dashboard/returns`);
    const card = admin.getByTestId('admin-return').filter({ hasText: number });
    await card.waitFor({ timeout: 20_000 });
    expect(await card.textContent()).toContain('Arrived damaged: Two flanges bent in transit');
    await card.getByRole('button', { name: `Approve ${number}` }).click();
    await card.getByRole('button', { name: `Mark ${number} received` }).waitFor({ timeout: 20_000 });
    await card.getByLabel(/^Pieces fit to sell again/).fill('1');
    await card.getByRole('button', { name: `Mark ${number} received` }).click();
    const refund = card.getByRole('button', { name: new RegExp(`^Refund \\$[\\d.]+ for ${number}$`) });
    await refund.waitFor({ timeout: 20_000 });
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await card.screenshot({ path: '/tmp/h-returns-admin-received-375.png' });
    await refund.click();
    await card.getByTestId('return-status').getByText('Refunded').waitFor({ timeout: 20_000 });
    const creditNote = card.getByRole('link', { name: /^Credit note CN-/ });
    await creditNote.waitFor();
    expect(await card.textContent()).toContain('1 back in stock');
    expect(await card.textContent()).toContain('Credited against the invoice');
    await admin.screenshot({ path: '/tmp/h-returns-admin-refunded-375.png' });

    // The buyer sees it Refunded, with its credit note to download.
    await buyer.reload();
    const done = buyer
      .getByRole('list', { name: 'Your returns' })
      .getByTestId('my-return')
      .filter({ hasText: number });
    await done.getByTestId('return-status').getByText('Refunded').waitFor({ timeout: 20_000 });
    const link = done.getByRole('link', { name: /^Credit note CN-/ });
    const pdf = await buyer.request.get(`${server.url}${await link.getAttribute('href')}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await done.scrollIntoViewIfNeeded();
    await buyer.screenshot({ path: '/tmp/h-returns-buyer-refunded.png' });
  }, 180_000);
});
