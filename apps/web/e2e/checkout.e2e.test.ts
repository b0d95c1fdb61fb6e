import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  formatPrice,
  lineTotalCents,
  nearestValidQuantity,
  pricingOf,
  toDollars,
  unitPriceCents,
  type Order,
  type Product,
} from '@forgeline/shared';
import { DEMO_CUSTOMER, fillAndSubmitLogin, signIn } from './support/auth';
import { describeViolations, seriousViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { payWithGoodCard } from './support/payment';
import { startServer, type RunningServer } from './support/server';

/**
 * Issue 10's journey: a buyer pastes a list of 40 part numbers, puts the valid lines in the cart, checks
 * out with one address, phone and PO reference at tier prices, pays all of it with one card payment,
 * and finds every line paid in My Orders; then the same on a 375 px phone, with 'Order again'.
 */

let server: RunningServer;
let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;

const newContext = async (width: number, height: number) => {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript(() => sessionStorage.setItem('forgeline:splash-seen', '1'));
  return context;
};

const main = (page: Page) => page.locator('main');

const expectAccessible = async (page: Page, where: string) => {
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(where, violations)).toEqual([]);
};

const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

/** The quantity of a line: the first price break where it stays cheap (to show tier prices), else the minimum. */
const quantityFor = (product: Product): number => {
  const pricing = pricingOf(product);
  const tier = pricing.tiers[0];
  if (tier && lineTotalCents(pricing, tier.minQuantity) <= 15_000) return tier.minQuantity;
  return nearestValidQuantity(pricing, product.minOrder) ?? product.minOrder;
};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  desktop = await newContext(1280, 900);
  phone = await newContext(375, 740);
}, 90_000);

afterAll(async () => {
  await desktop?.close();
  await phone?.close();
  await browser?.close();
  await server?.stop();
});

describe('quick order → cart → checkout → one payment → My Orders', () => {
  it('orders 40 different parts from a pasted list in one checkout and one payment, at tier prices', async () => {
    const catalogue = (await (await fetch(`${server.url}/api/products`)).json()) as Product[];
    const parts = [...catalogue].sort((a, b) => a.sku.localeCompare(b.sku)).slice(0, 40);
    expect(parts).toHaveLength(40);
    const lines = parts.map((product) => ({ product, quantity: quantityFor(product) }));
    const atTier = lines.filter(
      ({ product, quantity }) => unitPriceCents(pricingOf(product), quantity) < pricingOf(product).priceCents,
    );
    expect(atTier.length).toBeGreaterThanOrEqual(5);
    const expectedCents = lines.reduce(
      (sum, { product, quantity }) => sum + lineTotalCents(pricingOf(product), quantity),
      0,
    );

    const page = await desktop.newPage();
    await signIn(page, server.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, '/quick-order');
    await page.waitForURL(`${server.url}/quick-order`, { timeout: 20_000 });

    // The pasted list, with one unknown part number and one quantity off the pack: each gets its message.
    const pasted = [
      ...lines.map(({ product, quantity }) => `${product.sku} ${quantity}`),
      'NO-SUCH-PART 5',
      `${parts[0]!.sku} 7`,
    ].join('\n');
    await main(page).getByLabel('Part numbers and quantities').fill(pasted);
    await page.getByRole('button', { name: 'Check lines' }).click();
    await page.getByRole('heading', { name: /^40 of 42 lines can be ordered/ }).waitFor();
    await page.getByText("There is no part number 'NO-SUCH-PART'.").waitFor();
    expect(await page.getByTestId('quick-problem').count()).toBe(2);
    await expectAccessible(page, 'quick order with checked lines');
    await page.getByRole('button', { name: 'Add 40 valid lines to cart' }).click();

    // The cart: 40 lines at tier prices, the same total as the shared pricing engine says.
    await page.waitForURL(`${server.url}/cart`);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(40);
    expect(await page.getByTestId('cart-total').textContent()).toBe(
      `$ ${formatPrice(toDollars(expectedCents))}`,
    );
    await expect.poll(() => page.getByRole('link', { name: 'Cart (40)' }).count()).toBe(1);
    await page.screenshot({ path: '/tmp/h-cart-cart.png', fullPage: false });
    await page.getByRole('link', { name: 'Checkout' }).click();

    // Checkout: address and phone from the profile, the buyer's PO reference.
    await page.waitForURL(`${server.url}/checkout`);
    await expect
      .poll(() => main(page).getByLabel('Address').inputValue())
      .toBe('18 Foundry Lane, Pittsburgh, PA');
    expect(await main(page).getByLabel('Phone').inputValue()).toBe('+1 555 0142');
    await main(page).getByLabel('PO reference (optional)').fill('PO-2026-118');
    await expectAccessible(page, 'checkout');
    await page.screenshot({ path: '/tmp/h-cart-checkout.png', fullPage: false });
    await page.getByRole('button', { name: /^Place order/ }).click();

    // One payment for all forty lines.
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await page.getByRole('heading', { name: /^Order CO-\d+$/ }).waitFor();
    expect(await page.getByTestId('checkout-line').count()).toBe(40);
    expect(await page.getByTestId('payment-total').textContent()).toBe(
      `$ ${formatPrice(toDollars(expectedCents))}`,
    );
    const transactionId = await payWithGoodCard(page);
    expect(transactionId).toMatch(/^pi_/);
    await page.screenshot({ path: '/tmp/h-cart-paid.png', fullPage: false });

    // My Orders: every line is an order of its own, paid with the one payment, number and PO shown.
    await page.goto(`${server.url}/dashboard/myOrders`);
    await expect
      .poll(() => page.locator('[data-testid="order-row"]', { hasText: 'PO PO-2026-118' }).count())
      .toBe(40);
    const mine = await page.evaluate(async (email) => {
      const token = localStorage.getItem('accessToken');
      const res = await fetch(`/api/myOrders?email=${encodeURIComponent(email)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await res.json()) as Order[];
    }, DEMO_CUSTOMER.email);
    const placed = mine.filter((order) => order.poReference === 'PO-2026-118');
    expect(placed).toHaveLength(40);
    expect(placed.every((order) => order.paid && order.transactionId === transactionId)).toBe(true);
    expect(new Set(placed.map((order) => order.checkoutId)).size).toBe(1);
    await page.close();
  }, 180_000);

  it('works on a 375 px phone: a visitor adds to cart, logs in, checks out, pays; Order again shows what changed', async () => {
    const catalogue = (await (await fetch(`${server.url}/api/products`)).json()) as Product[];
    const product = catalogue.find((item) => item.sku === 'FL-BRG-6204') as Product;
    const page = await phone.newPage();
    // Signed out: the line waits in the browser, and moves into the account at sign-in.
    await page.goto(`${server.url}/product/${product._id}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: 'Log in to check out' }).click();
    await page.waitForURL(/\/login/);
    await fillAndSubmitLogin(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await page.waitForURL(`${server.url}/cart`, { timeout: 20_000 });
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
    expect(await page.getByTestId('cart-line').getAttribute('data-sku')).toBe('FL-BRG-6204');
    expect(await page.evaluate(() => localStorage.getItem('forgeline:visitor-cart'))).toBeNull();
    await noSidewaysScroll(page);
    await page.screenshot({ path: '/tmp/h-cart-cart-375.png', fullPage: true });
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL(`${server.url}/checkout`);
    await expect.poll(() => main(page).getByLabel('Address').inputValue()).not.toBe('');
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await payWithGoodCard(page);
    await noSidewaysScroll(page);
    await page.screenshot({ path: '/tmp/h-cart-paid-375.png', fullPage: true });

    await page.goto(`${server.url}/dashboard/myOrders`);
    const row = page.locator('[data-testid="order-row"]', { hasText: product.name }).first();
    await row.waitFor();
    await row.getByRole('button', { name: `Order ${product.name} again` }).click();
    await page.waitForURL(`${server.url}/cart`);
    await page.getByTestId('reorder-changes').getByText(`${product.name}: Unchanged.`).waitFor();
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
    await noSidewaysScroll(page);
    await expectAccessible(page, 'cart after Order again at 375 px');
    await page.close();
  }, 120_000);
});
