import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openSite, closeSite } from './support/browser';
import { appReady } from './support/screens';
import type { RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openSite()), 90_000);

afterAll(() => closeSite({ server, browser }));

const openHome = async (width: number, height: number): Promise<Page> => {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(`${server.url}/`);
  await appReady(page);
  await page.locator('[data-testid="product-card"]').first().waitFor({ timeout: 20_000 });
  return page;
};

/** Number of distinct x positions of the product cards: the grid's column count. */
const columnCount = (page: Page) =>
  page
    .locator('[data-testid="product-card"]')
    .evaluateAll((cards) => new Set(cards.map((card) => Math.round(card.getBoundingClientRect().left))).size);

describe('home page', () => {
  it('shows the products from the API as cards with name, price and Buy Now', async () => {
    const page = await openHome(1280, 800);
    try {
      const cards = page.locator('[data-testid="product-card"]');
      const count = await cards.count();
      expect(count).toBeGreaterThanOrEqual(9);

      const products = (await (await page.request.get(`${server.url}/api/products`)).json()) as {
        _id: string;
      }[];
      // The first page of the grid (24 cards); 'Show more products' brings the rest of the 42.
      expect(count).toBe(Math.min(products.length, 24));

      for (let index = 0; index < count; index += 1) {
        const card = cards.nth(index);
        const name = (await card.getByRole('heading').textContent())?.trim() ?? '';
        expect(name.length).toBeGreaterThan(0);
        const text = (await card.textContent()) ?? '';
        expect(text).toMatch(/\$ \d[\d,.]* \/ piece/);
        expect(text).toMatch(/Minimum Order Quantity: \d+ pcs/);
        expect(text).toMatch(/Available Quantity: \d+/);
        const buyNow = card.getByRole('link', { name: 'Buy Now' });
        const href = await buyNow.getAttribute('href');
        expect(href).toMatch(/^\/purchase\/[^/]+$/);
        expect(products.map((product) => `/purchase/${product._id}`)).toContain(href);
        const img = card.locator('img');
        expect(await img.getAttribute('alt')).toBeTruthy();
        expect(await img.getAttribute('src')).toMatch(/^\/uploads\//);
      }

      // First row eager, the rest lazy.
      expect(await cards.nth(0).locator('img').getAttribute('loading')).toBe('eager');
      expect(
        await cards
          .nth(count - 1)
          .locator('img')
          .getAttribute('loading'),
      ).toBe('lazy');
    } finally {
      await page.close();
    }
  }, 60_000);

  it("searches the products: '6204' finds one card, clearing brings the first page back", async () => {
    const page = await openHome(1280, 800);
    try {
      const cards = page.locator('[data-testid="product-card"]');
      await expect.poll(() => cards.count()).toBe(24);
      expect(await page.getByRole('button', { name: 'Show more products' }).count()).toBe(1);

      const box = page.getByRole('searchbox', { name: 'Search products' });
      await box.pressSequentially('6204');
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(1);
      expect((await cards.first().getByRole('heading').textContent())?.trim()).toBe(
        'Deep Groove Ball Bearing 6204-2RS',
      );
      // The search is in the address: Back from the product finds it again.
      await expect.poll(() => new URL(page.url()).search).toBe('?search=6204');
      await cards.first().getByRole('link', { name: 'Buy Now' }).click();
      // A visitor is sent on to /login (replacing the purchase page): Back returns to the search.
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('form', { name: 'Login' }).waitFor();
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => box.inputValue()).toBe('6204');
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(1);

      await page.getByRole('button', { name: 'Clear search' }).click();
      expect(await box.inputValue()).toBe('');
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(24);
      expect(new URL(page.url()).search).toBe('');
    } finally {
      await page.close();
    }
  }, 60_000);

  it('lays the products out in 1, 2 and 3 columns at 375, 768 and 1280 px', async () => {
    for (const [width, columns] of [
      [375, 1],
      [768, 2],
      [1280, 3],
    ] as const) {
      const page = await openHome(width, 800);
      try {
        expect(await columnCount(page), `columns at ${width} px`).toBe(columns);
        // Nothing wider than the viewport on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
      } finally {
        await page.close();
      }
    }
  }, 60_000);

  it('shows the navigation for a visitor and the splash only once per tab session', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(`${server.url}/home`);
      await appReady(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const name of ['Home', 'Blogs', 'My PortFolio', 'Login']) {
        await nav.getByRole('link', { name, exact: true }).waitFor();
      }
      expect(await nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
      await page.getByRole('heading', { name: 'Products We Supply' }).waitFor();

      // The splash leaves the DOM about 3 s after page start.
      await page.locator('#splash').waitFor({ state: 'detached', timeout: 10_000 });
      // A later load in the same tab session hides it at once.
      await page.reload();
      expect(await page.locator('#splash').isVisible()).toBe(false);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('shows the 404 page on an unknown path, with a link home', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(`${server.url}/no-such-page/at-all`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      const image = page.getByRole('img', { name: /404/ });
      expect(await image.isVisible()).toBe(true);
      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL(`${server.url}/`);
      await page.getByRole('heading', { name: 'Products We Supply' }).waitFor();
    } finally {
      await page.close();
    }
  }, 60_000);
});
