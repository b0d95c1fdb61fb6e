import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Product } from '@forgeline/shared/schemas/product';
import { createAccount, DEMO_ADMIN, signInAt, uniqueEmail } from './support/auth';
import { main } from './support/screens';
import { closeSite, openSiteWithDeskAndPhone } from './support/browser';
import type { RunningServer } from './support/server';

/**
 * Back-orders (decision 0238): the admin makes a part back-orderable with a lead time in the product
 * form; a buyer on a phone (375 px) orders more than the shelf holds and reads 'ships in about N days'
 * on the purchase form and in My Orders; the admin finds the line on the Back-orders page, raises the
 * stock in the product form, and the list empties while the buyer's line no longer waits.
 */

let server: RunningServer;
let browser: Browser;
let adminContext: BrowserContext;
let phone: BrowserContext;

beforeAll(async () => {
  ({ server, browser, desk: adminContext, phone } = await openSiteWithDeskAndPhone(undefined, 800));
}, 90_000);

afterAll(() => closeSite({ server, browser }));

const LEAD_TIME = 21;

/** Form fields are looked up inside <main>: the footer has its own Email box. */

/** Opens the part's Update dialog in Manage Products, lets `edit` fill it, and saves it. */
async function updateProduct(
  page: Page,
  name: string,
  edit: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.goto(`${server.url}/dashboard/manageProducts?search=${encodeURIComponent(name)}`);
  const row = page.locator('[data-testid="product-row"]', { hasText: name });
  await row.waitFor();
  await row.getByRole('button', { name: `Update ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await edit(dialog);
  await dialog.getByRole('button', { name: 'Update Product' }).click();
  await page.getByText('Product updated successfully').waitFor({ timeout: 20_000 });
}

describe('back-orders', () => {
  it('a buyer at 375 px orders beyond the stock, reads the lead time, and the next receipt fills the line', async () => {
    const admin = await signInAt(adminContext, server.url, DEMO_ADMIN, '/dashboard/manageProducts');
    const catalogue = (await (await admin.request.get(`${server.url}/api/products`)).json()) as Product[];
    // A part whose minimum is whole packs, ordered at the minimum plus two packs with no maximum in the way.
    const part = catalogue.find(
      (product) =>
        !product.discontinued &&
        product.minOrder % product.packSize === 0 &&
        (product.maxOrder === null || product.maxOrder >= product.minOrder + 2 * product.packSize),
    );
    expect(part, 'a demo part to order beyond its stock').toBeDefined();
    const { _id: id, name, minOrder, packSize } = part!;
    const stock = minOrder;
    const WAITING = 2 * packSize;

    // The admin: the shelf holds exactly the minimum; more may be ordered, made in about 21 days.
    await updateProduct(admin, name, async (dialog) => {
      await dialog.getByLabel('Available Quantity').fill(String(stock));
      await dialog.getByLabel('Allow orders beyond the stock').check();
      await dialog.getByLabel('Lead time (days)').fill(String(LEAD_TIME));
    });
    const saved = (await (await admin.request.get(`${server.url}/api/purchase/${id}`)).json()) as Product;
    expect(saved).toMatchObject({ availableQuantiity: stock, allowBackorder: true, leadTimeDays: LEAD_TIME });

    // The buyer, on a phone, asks for more than the shelf holds: the form says what waits, before the button.
    const email = uniqueEmail('backorder');
    const password = 'backorder-buyer-2026';
    await createAccount(server.url, 'Backorder Buyer', email, password);
    const buyer = await signInAt(phone, server.url, { email, password }, '/dashboard/myOrders');
    await buyer.goto(`${server.url}/purchase/${id}`);
    await buyer.getByRole('heading', { name }).waitFor();
    const quantity = main(buyer).getByLabel('Quantity', { exact: true });
    await expect.poll(() => quantity.inputValue()).toBe(String(minOrder));
    expect(await buyer.getByTestId('purchase-backorder').count()).toBe(0);
    await quantity.fill(String(stock + WAITING));
    const note = buyer.getByTestId('purchase-backorder');
    await note.waitFor();
    expect(await note.textContent()).toBe(`${WAITING} pcs back-ordered, ships in about ${LEAD_TIME} days`);
    const confirm = buyer.getByRole('button', { name: 'Confirm Order' });
    expect(await confirm.isEnabled()).toBe(true);
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await main(buyer).getByLabel('Address').fill('9 Mill Road, Sheffield');
    await main(buyer).getByLabel('Mobile Number').fill('+44 114 496 0000');
    await confirm.click();
    await buyer.waitForURL(`${server.url}/dashboard/myOrders`, { timeout: 20_000 });

    // My Orders says it too, on the phone.
    const row = buyer.locator('[data-testid="order-row"]', { hasText: name }).first();
    await row.waitFor({ timeout: 20_000 });
    const orderId = (await row.getAttribute('data-order-id'))!;
    const waiting = row.getByTestId('order-backorder');
    await waiting.waitFor();
    expect(await waiting.textContent()).toBe(`${WAITING} pcs back-ordered, ships in about ${LEAD_TIME} days`);
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The admin's Back-orders page lists the line.
    await admin.goto(`${server.url}/dashboard/backorders`);
    const line = admin.locator('[data-testid="backorder-row"]', { hasText: name });
    await line.waitFor({ timeout: 20_000 });
    const text = await line.textContent();
    expect(text).toContain(`${WAITING} of ${stock + WAITING} pcs`);
    expect(text).toContain(email);
    expect(text).toContain(`ships in about ${LEAD_TIME} days`);
    expect(await line.getByRole('link').first().getAttribute('href')).toBe(`/dashboard/order/${orderId}`);

    // On a phone the line stacks into a card: the part number stays under the part's name, not beside it.
    await admin.setViewportSize({ width: 375, height: 800 });
    const partName = line.getByText(name, { exact: true });
    const sku = line.getByText(part!.sku, { exact: true });
    await expect
      .poll(async () => {
        const [nameBox, skuBox] = [await partName.boundingBox(), await sku.boundingBox()];
        return skuBox!.y >= nameBox!.y + nameBox!.height - 1;
      })
      .toBe(true);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await admin.setViewportSize({ width: 1280, height: 900 });

    // Goods come in: the admin raises the stock in the product form; the wait is filled first.
    const received = WAITING + 5;
    await updateProduct(admin, name, async (dialog) => {
      const available = dialog.getByLabel('Available Quantity');
      expect(await available.inputValue()).toBe('0');
      await available.fill(String(received));
    });
    await admin.goto(`${server.url}/dashboard/backorders`);
    await admin.getByText('No pieces are waiting for stock.').waitFor({ timeout: 20_000 });
    const after = (await (await admin.request.get(`${server.url}/api/purchase/${id}`)).json()) as Product;
    expect(after.availableQuantiity).toBe(received - WAITING);

    // The buyer's line no longer waits.
    await buyer.reload();
    const filled = buyer.locator(`[data-order-id="${orderId}"]`);
    await filled.waitFor({ timeout: 20_000 });
    await expect.poll(() => filled.getByTestId('order-backorder').count()).toBe(0);
    expect(await filled.textContent()).not.toContain('back-ordered');
  }, 180_000);
});
