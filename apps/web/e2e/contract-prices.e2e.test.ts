import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_CUSTOMER, DEMO_MANAGER, signInAt } from './support/auth';
import { DEMO_BOLT } from './support/cart';
import { closeSite, openSiteWithDeskAndPhone } from './support/browser';
import { appReady } from './support/screens';
import type { RunningServer } from './support/server';

/**
 * Contract prices and a private part (docs/decisions/0216), on the demo data: Demo Industries buys at its
 * group's list 'Distributor 2027' (30 % off) and alone sees 'Custom flange DI-7'. Its admin on a 375 px
 * phone; a person without a company and a visitor at a desk.
 */

let server: RunningServer;
let browser: Browser;
let desk: BrowserContext;
let phone: BrowserContext;

const cards = (page: Page) => page.locator('[data-testid="product-card"]');
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('heading', { name }) });

/** The figure of a card's price ('$ 1.23 / piece' → 1.23). */
async function priceOn(page: Page, name: string): Promise<number> {
  const text = (await card(page, name).getByTestId('product-price').textContent()) ?? '';
  return Number(text.replace(/[^0-9.]/g, ''));
}

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.fill('');
  await box.pressSequentially(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(text);
}

beforeAll(async () => {
  ({ server, browser, desk, phone } = await openSiteWithDeskAndPhone());
}, 90_000);

afterAll(() => closeSite({ server, browser }));

describe('each customer sees its own prices and parts', () => {
  it('a distributor sees its prices and its private part; a person and a visitor see neither', async () => {
    // The visitor: the list price, no private part, and its page is 'not found'.
    const visitor = await desk.newPage();
    await visitor.goto(`${server.url}/?search=M12`);
    await appReady(visitor);
    await card(visitor, DEMO_BOLT).waitFor();
    const listPrice = await priceOn(visitor, DEMO_BOLT);
    expect(await card(visitor, DEMO_BOLT).getByTestId('contract-price').count()).toBe(0);

    // The distributor's admin, on a phone: 30 % off, says which list, and finds the flange made for it.
    const manager = await signInAt(phone, server.url, DEMO_MANAGER, '/');
    await search(manager, 'M12');
    await card(manager, DEMO_BOLT).waitFor();
    await expect.poll(() => priceOn(manager, DEMO_BOLT)).toBe(Math.round(listPrice * 70) / 100);
    expect(await card(manager, DEMO_BOLT).getByTestId('contract-price').textContent()).toContain(
      'Your price (Distributor 2027)',
    );
    await search(manager, 'DI-7');
    const flange = card(manager, 'Custom flange DI-7');
    await flange.waitFor();
    await flange.getByRole('link', { name: 'Custom flange DI-7' }).click();
    await manager.getByRole('heading', { level: 1, name: 'Custom flange DI-7' }).waitFor();
    const flangeUrl = new URL(manager.url()).pathname;
    expect(flangeUrl).toMatch(/^\/product\//);

    // The visitor can neither find it nor open it.
    await search(visitor, 'DI-7');
    await expect.poll(() => cards(visitor).count(), { timeout: 10_000 }).toBe(0);
    await visitor.goto(`${server.url}${flangeUrl}`);
    await visitor.getByRole('heading', { name: 'Product not found' }).waitFor();
    expect(await visitor.content()).not.toContain('Custom flange DI-7');

    // A signed-in person without a company: the list price, and no flange either.
    const person = await signInAt(desk, server.url, DEMO_CUSTOMER, '/');
    await search(person, 'M12');
    await card(person, DEMO_BOLT).waitFor();
    await expect.poll(() => priceOn(person, DEMO_BOLT)).toBe(listPrice);
    await search(person, 'DI-7');
    await expect.poll(() => cards(person).count(), { timeout: 10_000 }).toBe(0);
  }, 120_000);
});
