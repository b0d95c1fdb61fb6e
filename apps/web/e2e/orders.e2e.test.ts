import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatPrice, toCents, toDollars } from '@forgeline/shared/money';
import { DEMO_ADMIN, DEMO_CUSTOMER, signInAt } from './support/auth';
import { expectAccessible } from './support/axe';
import { journeyContext, openSite, closeSite } from './support/browser';
import { appReady, main } from './support/screens';
import type { RunningServer } from './support/server';

/**
 * Journeys of ordering, paying, shipping and managing products (docs/product.md §2, §4, §5, §8, §9), in order:
 * later tests use the order the first one paid.
 */

const CUSTOMER = DEMO_CUSTOMER;
const ADMIN = DEMO_ADMIN;

/** A 64×48 PNG: small, and a real image for the server's decoder. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SAQkAURSDlsRKl83GF2M8/sAAOhY+T5O6AQuwviK7kHdJ3YAFWF+RXci7pG7AAqyvyC7kXVI3YAHWV2QX8i6pG7AA6yuyC3mX1A1YgPUV2YW8S+oGLMD6iuxC3iV1AxZgfUV2Ie+SugELsL4iu5B3Sd2AxwN+IAvopsU2n4kAAAAASUVORK5CYII=',
  'base64',
);

type Product = { _id: string; name: string; price: number; minOrder: number; availableQuantiity: number };

/** Form fields are looked up inside <main>: the footer has its own Email box. */

let server: RunningServer;
let browser: Browser;
let customer: BrowserContext;
let admin: BrowserContext;
/** The order the customer paid in the first journey; the admin ships it in the last. */
let paidOrderId = '';

const products = async (): Promise<Product[]> =>
  (await (await fetch(`${server.url}/api/products`)).json()) as Product[];

/** Orders `product` at its minimum quantity through the purchase page; answers the new order's id. */
const placeOrder = async (page: Page, product: Product): Promise<string> => {
  await page.goto(`${server.url}/purchase/${product._id}`);
  await page.getByRole('heading', { name: product.name }).waitFor();
  await expect
    .poll(() => main(page).getByLabel('Quantity', { exact: true }).inputValue())
    .toBe(String(product.minOrder));
  await main(page).getByLabel('Address').fill('18 Foundry Lane, Pittsburgh, PA');
  await main(page).getByLabel('Mobile Number').fill('+1 555 0142');
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await page.getByText(/^Congratulations .+!Your order is succesfull\.$/).waitFor();
  await page.waitForURL(`${server.url}/dashboard/myOrders`);
  const row = page.locator('[data-testid="order-row"]', { hasText: product.name }).first();
  await row.waitFor();
  const id = await row.getAttribute('data-order-id');
  expect(id).toBeTruthy();
  return id as string;
};

/** Types a card into the test processor's form and presses Pay. */
const payWithCard = async (page: Page, orderId: string, cardNumber: string) => {
  await page.goto(`${server.url}/dashboard/payment/${orderId}`);
  await page.getByRole('heading', { name: /Please pay for/ }).waitFor();
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await pay.waitFor();
  expect(await pay.isDisabled()).toBe(true);
  await main(page).getByLabel('Card number').pressSequentially(cardNumber.replace(/ /g, ''));
  expect(await main(page).getByLabel('Card number').inputValue()).toBe(cardNumber);
  expect(await page.getByTestId('card-brand').textContent()).toBe('Visa');
  await main(page).getByLabel('Expiry (MM / YY)').pressSequentially('1234');
  expect(await main(page).getByLabel('Expiry (MM / YY)').inputValue()).toBe('12 / 34');
  await main(page).getByLabel('CVC').pressSequentially('123');
  await expect.poll(() => pay.isEnabled(), { timeout: 10_000 }).toBe(true);
  await pay.click();
};

beforeAll(async () => {
  ({ server, browser } = await openSite());
  customer = await journeyContext(browser);
  admin = await journeyContext(browser);
}, 90_000);

afterAll(() => closeSite({ server, browser }));

describe('orders, payments and product management', () => {
  it('lets a customer order, pay with 4242 4242 4242 4242 and see Paid with the transaction id', async () => {
    const page = await signInAt(customer, server.url, CUSTOMER, '/dashboard/myOrders');
    try {
      const [product] = (await products()).filter((item) => item.availableQuantiity >= item.minOrder * 3);
      expect(product).toBeDefined();
      const item = product as Product;

      // The purchase page's bounds and live total.
      await page.goto(`${server.url}/purchase/${item._id}`);
      await page.getByRole('heading', { name: item.name }).waitFor();
      expect(await main(page).getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
      expect(await main(page).getByLabel('Email', { exact: true }).inputValue()).toBe(CUSTOMER.email);
      const quantity = main(page).getByLabel('Quantity', { exact: true });
      await quantity.fill(String(item.minOrder - 1));
      await page.getByText(`You can't order less than ${item.minOrder} pcs !`).waitFor();
      expect(await page.getByRole('button', { name: 'Confirm Order' }).isDisabled()).toBe(true);
      await quantity.fill(String(item.availableQuantiity + 1));
      await page.getByText('You cannot buy more than availability!').waitFor();
      await expectAccessible(page, 'purchase page with a quantity error');
      await quantity.fill(String(item.minOrder));
      expect(await page.getByTestId('purchase-total').textContent()).toBe(
        `$ ${formatPrice(toDollars(toCents(item.price) * item.minOrder))}`,
      );

      const orderId = await placeOrder(page, item);
      const row = page.locator(`[data-order-id="${orderId}"]`);
      expect(await row.textContent()).toContain('Pending');
      await expect.poll(() => page.getByTestId('orders-count').textContent()).toMatch(/Total: [1-9]/);
      await expect
        .poll(() => page.getByTestId('hold-note').textContent())
        .toBe(
          'We hold the stock of an unpaid card order for 30 minutes from when it is placed; after that the order is cancelled.',
        );

      await expectAccessible(page, 'My Orders');
      await row.getByRole('link', { name: /^Pay for/ }).click();
      await page.waitForURL(`${server.url}/dashboard/payment/${orderId}`);
      await payWithCard(page, orderId, '4242 4242 4242 4242');
      await page.getByText('Congrats! Your payment is completed').waitFor({ timeout: 20_000 });
      const transactionId = (await page.getByTestId('transaction-id').textContent())?.trim() ?? '';
      expect(transactionId).toMatch(/^pi_/);

      await page.goto(`${server.url}/dashboard/myOrders`);
      const paidRow = page.locator(`[data-order-id="${orderId}"]`);
      await paidRow.getByTestId('transaction-id').waitFor();
      expect(await paidRow.getByTestId('transaction-id').textContent()).toBe(transactionId);
      expect(await paidRow.textContent()).toContain('Paid');
      expect(await paidRow.getByRole('button', { name: /Cancel/ }).count()).toBe(0);
      paidOrderId = orderId;
    } finally {
      await page.close();
    }
  }, 90_000);

  it("shows 'Your card was declined.' in red for 4000 0000 0000 0002, and the order stays unpaid", async () => {
    const page = await customer.newPage();
    try {
      const candidates = (await products()).filter((item) => item.availableQuantiity >= item.minOrder * 2);
      const item = candidates[1] ?? candidates[0];
      expect(item).toBeDefined();
      const orderId = await placeOrder(page, item as Product);
      await payWithCard(page, orderId, '4000 0000 0000 0002');
      const error = page.getByTestId('card-error');
      await error.waitFor({ timeout: 20_000 });
      expect(await error.textContent()).toBe('Your card was declined.');
      expect(await error.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(185, 28, 28)');
      await expectAccessible(page, 'payment page with a declined card');
      expect(await page.getByText('Congrats! Your payment is completed').count()).toBe(0);

      // Cancel the unpaid order from My Orders, after the confirmation dialog.
      await page.goto(`${server.url}/dashboard/myOrders`);
      const row = page.locator(`[data-order-id="${orderId}"]`);
      expect(await row.textContent()).toContain('Pending');
      await row.getByRole('button', { name: /^Cancel/ }).click();
      await page.getByRole('heading', { name: 'Are you sure?' }).waitFor();
      await page.getByText("You won't be able to revert this!").waitFor();
      // What the cancel will do, as the server says it: this order was not paid.
      await page.getByText('It is not paid, so nothing will be charged.').waitFor();
      await page.getByRole('button', { name: 'Yes, cancel it!' }).click();
      // It stays listed, as cancelled (decision 0195).
      await row.getByTestId('order-payment-state').getByText('Cancelled').waitFor({ timeout: 15_000 });
    } finally {
      await page.close();
    }
  }, 90_000);

  it('lets a customer leave a 4-star review, after the rating message', async () => {
    const page = await customer.newPage();
    try {
      await page.goto(`${server.url}/dashboard/review`);
      const form = page.getByRole('form', { name: 'Add a review' });
      await form.getByRole('button', { name: 'Submit' }).click();
      await form.getByText('Please give a rating to proceed review!').waitFor();
      await form.getByText('Designation is required').waitFor();
      await expectAccessible(page, 'Add Review with its messages');

      await form.getByLabel('Designation').fill('Maintenance Planner');
      await form.getByRole('radio', { name: '4 stars' }).check({ force: true });
      await form.getByLabel('Review').fill('Bulk order of bolts arrived on time and to spec.');
      await form.getByRole('button', { name: 'Submit' }).click();
      await page.getByText(/^Congratulation .+!!Thanks for your review\.$/).waitFor({ timeout: 15_000 });
      const reviews = (await (await fetch(`${server.url}/api/reviews`)).json()) as {
        review: string;
        rating: number;
      }[];
      expect(reviews.find((item) => item.review.startsWith('Bulk order of bolts'))?.rating).toBe(4);

      // The home page's carousel shows it (loaded when its section nears the viewport; swiper's loop
      // mode may clone the slide, hence first()).
      await page.goto(`${server.url}/`);
      // The server sends the page as HTML; wait until the app has taken it over.
      await appReady(page);
      const heading = page.getByRole('heading', { name: 'What People Say About Us' });
      await heading.scrollIntoViewIfNeeded();
      const slide = page
        .getByTestId('reviews-carousel')
        .getByText('Bulk order of bolts arrived on time and to spec.')
        .first();
      await slide.waitFor({ state: 'attached', timeout: 20_000 });
      expect(await slide.textContent()).toContain('Bulk order of bolts arrived on time and to spec.');
    } finally {
      await page.close();
    }
  }, 60_000);

  it('lets an admin add a product with a photo, which then appears on the home page', async () => {
    const page = await signInAt(admin, server.url, ADMIN, '/dashboard/addProduct');
    const name = `Test Bracket ${Date.now()}`;
    try {
      // The spec's messages first.
      await page.getByRole('button', { name: 'Add Product' }).click();
      await page.getByText('Name is required').waitFor();
      await page.getByText('Image is required').waitFor();
      await expectAccessible(page, 'Add Product with its messages');

      await main(page).getByLabel('Product Name').fill(name);
      await main(page).getByLabel('Price Per Unit').fill('4.75');
      await main(page).getByLabel('Minimum Order Quantity').fill('20');
      await main(page).getByLabel('Available Quantity').fill('600');
      await main(page)
        .getByLabel('Description')
        .fill('Galvanised steel bracket, added by the browser journey.');
      await main(page)
        .getByLabel('Product Photo')
        .setInputFiles({ name: 'bracket.png', mimeType: 'image/png', buffer: PHOTO });
      await page.getByRole('button', { name: 'Add Product' }).click();
      await page.getByText('Product Added successfully').waitFor({ timeout: 20_000 });

      const created = (await products()).find((item) => item.name === name) as
        (Product & { img: string }) | undefined;
      expect(created?.img).toMatch(/^\/uploads\/.+\.webp$/);

      await page.goto(`${server.url}/`);
      // The server sends the page as HTML; wait until the app has taken it over.
      await appReady(page);
      const card = page.locator('[data-testid="product-card"]', { hasText: name });
      // The newest product comes last, past the first pages of the (42-part) demo catalogue.
      const more = page.getByRole('button', { name: 'Show more products' });
      await page.locator('[data-testid="product-card"]').first().waitFor({ timeout: 20_000 });
      while ((await card.count()) === 0 && (await more.count()) > 0) {
        const before = await page.locator('[data-testid="product-card"]').count();
        await more.click();
        await expect.poll(() => page.locator('[data-testid="product-card"]').count()).toBeGreaterThan(before);
      }
      await card.waitFor({ timeout: 20_000 });
      expect(await card.textContent()).toContain('$ 4.75 / piece');
      await card.scrollIntoViewIfNeeded();
      await expect
        .poll(() =>
          card.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
        )
        .toBe(true);

      // Manage Products lists it, with a working Update.
      // Searched for: the catalogue (42 demo parts) is longer than one page of the table.
      await page.goto(`${server.url}/dashboard/manageProducts?search=${encodeURIComponent(name)}`);
      const row = page.locator('[data-testid="product-row"]', { hasText: name });
      await row.waitFor();
      await expectAccessible(page, 'Manage Products');
      await row.getByRole('button', { name: `Update ${name}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Price Per Unit').fill('5');
      await dialog.getByRole('button', { name: 'Update Product' }).click();
      await page.getByText('Product updated successfully').waitFor({ timeout: 20_000 });
      await expect.poll(async () => row.textContent()).toContain('$ 5');
    } finally {
      await page.close();
    }
  }, 90_000);

  it('lets an admin export the products as CSV and import a file after its dry run', async () => {
    const page = await signInAt(admin, server.url, ADMIN, '/dashboard/manageProducts');
    const sku = `E2E-IMP-${Date.now()}`;
    const header =
      'Part number,Name,Price,Stock,Minimum order,Pack size,Maximum order,Price breaks,Low-stock alert,Description,Image';
    try {
      const exported = await page.request.get(`${server.url}/api/products.csv`);
      expect(exported.status()).toBe(200);
      expect((await exported.text()).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
        `${header},Category,Attributes,Tax category,Discontinued,Replacement part number,Back-orders,Lead time (days),Weight (g)`,
      );
      expect(await page.getByRole('link', { name: /^Export CSV/ }).getAttribute('href')).toBe(
        '/api/products.csv',
      );

      await page.getByRole('button', { name: 'Import CSV' }).click();
      const file = (rows: string[]) => ({
        name: 'products.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from([header, ...rows].join('\r\n')),
      });
      // A minimum that is no whole number of packs: the dry run names the row and its problem, and offers no import.
      await main(page)
        .getByLabel('CSV file')
        .setInputFiles(
          file([`${sku},Imported clamp,2.40,100,50,20,,,,Made by the journey.,/uploads/x.webp`]),
        );
      await page.getByText('Rows that cannot be imported').waitFor();
      await page.getByText('Minimum Order Quantity must be a multiple of the pack size (20).').waitFor();
      expect(await page.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);
      await expectAccessible(page, 'Manage Products with an import report');

      await main(page)
        .getByLabel('CSV file')
        .setInputFiles(
          file([`${sku},Imported clamp,2.40,500,50,,,100:2.10,,Made by the journey.,/uploads/x.webp`]),
        );
      await page.getByRole('button', { name: 'Import 1 row' }).click();
      await page.getByText('Products imported: 1 added, 0 updated').waitFor({ timeout: 20_000 });

      await main(page).getByRole('searchbox', { name: 'Search products' }).fill(sku);
      await page.locator('[data-testid="product-row"]', { hasText: 'Imported clamp' }).waitFor();
    } finally {
      await page.close();
    }
  }, 90_000);

  it("lets an admin find the paid order by the customer's e-mail, open it, see the address and ship it", async () => {
    expect(paidOrderId).not.toBe('');
    const page = await admin.newPage();
    try {
      await page.goto(`${server.url}/dashboard/manageOrders`);
      await page.getByRole('searchbox', { name: 'Search orders' }).fill(CUSTOMER.email);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(/search=/);
      const row = page.locator(`[data-order-id="${paidOrderId}"]`);
      await row.waitFor({ timeout: 20_000 });
      const rows = page.locator('[data-testid="order-row"]');
      for (const text of await rows.allTextContents()) expect(text).toContain(CUSTOMER.email);
      expect(await row.textContent()).toContain('Paid');
      expect(await row.textContent()).toContain('Pending');
      // An unpaid order cannot be shipped.
      // (A cancelled order stays on record, with no Ship button: decision 0195.)
      const unpaid = rows.filter({ hasText: 'Unpaid' }).filter({ hasNotText: 'Cancelled' }).first();
      if ((await unpaid.count()) > 0)
        expect(await unpaid.getByRole('button', { name: /^Ship/ }).isDisabled()).toBe(true);
      await expectAccessible(page, 'Manage All Orders');

      // Its own page: where to deliver, and Ship from there.
      await row.getByRole('link', { name: /^SO-/ }).click();
      await page.waitForURL(`${server.url}/dashboard/order/${paidOrderId}`);
      await page.getByTestId('order-address').getByText('18 Foundry Lane, Pittsburgh, PA').waitFor();
      expect(await page.getByRole('region', { name: 'Delivery', exact: true }).textContent()).toContain(
        '+1 555 0142',
      );
      expect(await page.getByRole('region', { name: 'Payment' }).textContent()).toMatch(/ending 4242/);
      await expectAccessible(page, 'the order page');
      await page.getByRole('button', { name: 'Ship', exact: true }).click();
      await page.getByRole('heading', { name: 'Are you sure?' }).waitFor();
      await page.getByRole('button', { name: 'Yes, ship it!' }).click();
      // Scoped to the order's page: while a dialog shows (or fades), its own Cancel button is a
      // 'Cancel' too, and the page beneath it is hidden from role queries.
      const detail = page.getByTestId('order-detail');
      await expect.poll(() => page.locator('.swal2-container').count(), { timeout: 15_000 }).toBe(0);
      await detail.locator('.badge', { hasText: 'Shipped' }).waitFor({ timeout: 15_000 });
      expect(await detail.getByRole('button', { name: 'Ship', exact: true }).count()).toBe(0);
      expect(await detail.getByRole('button', { name: 'Cancel', exact: true }).isDisabled()).toBe(true);
      // The timeline comes with the order's refetch after the ship, which may land a moment later.
      await expect
        .poll(() => page.getByRole('list', { name: 'Timeline' }).textContent(), { timeout: 15_000 })
        .toContain('Shipped');

      // The customer sees the order shipped.
      const customerPage = await customer.newPage();
      try {
        await customerPage.goto(`${server.url}/dashboard/myOrders`);
        await customerPage
          .locator(`[data-order-id="${paidOrderId}"]`)
          .getByText('Shipped', { exact: true })
          .waitFor({ timeout: 15_000 });
      } finally {
        await customerPage.close();
      }
    } finally {
      await page.close();
    }
  }, 90_000);

  it("opens the admin's dashboard on the overview, with the database's figures and the chart", async () => {
    const page = await admin.newPage();
    try {
      await page.goto(`${server.url}/dashboard`);
      await page.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 20_000 });
      // The same figures computed here from every order the admin API lists.
      const all = await page.evaluate(async () => {
        const res = await fetch('/api/orders', {
          headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
        });
        return (await res.json()) as {
          paid: boolean;
          paidAt: string | null;
          status: string;
          totalPrize: number;
          buyQuantity: number;
        }[];
      });
      const today = new Date().toISOString().slice(0, 10);
      // Cancelled orders stay on record but count nowhere (decision 0195).
      const live = all.filter((o) => o.status !== 'cancelled');
      const cents = (orders: typeof all) => orders.reduce((sum, o) => sum + toCents(o.totalPrize), 0);
      const paidToday = cents(live.filter((o) => o.paid && o.paidAt?.startsWith(today)));
      const toShip = live.filter((o) => o.paid && o.status !== 'shipped');
      const unpaid = live.filter((o) => !o.paid);
      expect(paidToday).toBeGreaterThan(0);
      const figure = (label: string) =>
        page.getByTestId('overview-figure').filter({ hasText: label }).locator('dd').first().textContent();
      expect(await figure('Paid revenue today')).toBe(`$ ${formatPrice(toDollars(paidToday))}`);
      expect(await figure('Orders waiting to ship')).toBe(String(toShip.length));
      expect(await figure('Unpaid orders')).toBe(String(unpaid.length));
      expect(
        await page.getByTestId('overview-figure').filter({ hasText: 'Unpaid orders' }).textContent(),
      ).toContain(
        `holding ${unpaid.reduce((sum, o) => sum + o.buyQuantity, 0).toLocaleString('en-US')} piece`,
      );
      // The chart (its own lazily loaded chunk) draws today's bar.
      await page
        .getByTestId('revenue-chart')
        .locator('.recharts-bar-rectangle path')
        .first()
        .waitFor({ timeout: 20_000 });
      await expectAccessible(page, 'the overview');
    } finally {
      await page.close();
    }
  }, 90_000);

  it('keeps every action of every admin table on screen and clickable at 375 px', async () => {
    const page = await admin.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      for (const [path, table] of [
        ['manageOrders', 'All orders table'],
        ['manageProducts', 'Products table'],
        ['makeAdmin', 'Users table'],
      ] as const) {
        await page.goto(`${server.url}/dashboard/${path}`);
        const region = page.getByRole('region', { name: table });
        await region.locator('tbody tr').first().waitFor({ timeout: 20_000 });
        const buttons = region.locator('tbody button');
        const count = await buttons.count();
        expect(count, `${table}: buttons`).toBeGreaterThan(0);
        for (let i = 0; i < Math.min(count, 12); i += 1) {
          const button = buttons.nth(i);
          // Where it is without any sideways scrolling (a trial click would scroll it into view).
          const box = await button.boundingBox();
          const name = `${table}: ${await button.getAttribute('aria-label')}`;
          expect(box, name).not.toBeNull();
          expect(box!.x, name).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width, name).toBeLessThanOrEqual(375);
          // Nothing covers it: a trial click runs every check of a real click but does not click.
          if (await button.isEnabled()) await button.click({ trial: true, timeout: 5_000 });
        }
        // Neither the table's frame nor the page needs scrolling sideways.
        expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth), table).toBeLessThanOrEqual(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          375,
        );
      }
      // The audit log has no buttons, but its entries (the ship above among them) fit the phone too.
      await page.goto(`${server.url}/dashboard/audit`);
      const audit = page.getByRole('region', { name: 'Audit log table' });
      await audit.locator('tbody tr[data-action="order.shipped"]').first().waitFor({ timeout: 20_000 });
      expect(await audit.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(page, 'the audit log');
    } finally {
      await page.close();
    }
  }, 90_000);
});
