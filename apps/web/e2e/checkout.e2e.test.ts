import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { formatPrice, toDollars } from '@forgeline/shared/money';
import { lineTotalCents, nearestValidQuantity, pricingOf, unitPriceCents } from '@forgeline/shared/pricing';
import type { Order } from '@forgeline/shared/schemas/order';
import type { Product } from '@forgeline/shared/schemas/product';
import {
  createAccount,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  fillAndSubmitLogin,
  signIn,
  uniqueEmail,
} from './support/auth';
import { expectAccessible } from './support/axe';
import { journeyContext, closeSite, openSiteWithDeskAndPhone } from './support/browser';
import { payWithGoodCard } from './support/payment';
import { appReady, main, noSidewaysScroll } from './support/screens';
import type { RunningServer } from './support/server';

/**
 * The B2B buyer's journey: a buyer pastes a list of 40 part numbers, puts the valid lines in the cart, checks
 * out with one address, phone and PO reference at tier prices, pays all of it with one card payment,
 * and finds every line paid in My Orders; then the same on a 375 px phone, with 'Order again'.
 */

let server: RunningServer;
let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;

/** The quantity of a line: the first price break where it stays cheap (to show tier prices), else the minimum. */
const quantityFor = (product: Product): number => {
  const pricing = pricingOf(product);
  const tier = pricing.tiers[0];
  if (tier && lineTotalCents(pricing, tier.minQuantity) <= 15_000) return tier.minQuantity;
  return nearestValidQuantity(pricing, product.minOrder) ?? product.minOrder;
};

beforeAll(async () => {
  ({ server, browser, desk: desktop, phone } = await openSiteWithDeskAndPhone(undefined, 740));
}, 90_000);

afterAll(() => closeSite({ server, browser }));

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
    await expect.poll(() => page.getByTestId('cart-line').count(), { timeout: 20_000 }).toBe(40);
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
      .toBe('18 Foundry Lane, Joliet, IL');
    expect(await main(page).getByLabel('Phone').inputValue()).toBe('+1 555 0142');
    await main(page).getByLabel('PO reference (optional)').fill('PO-2026-118');
    await expectAccessible(page, 'checkout');
    await page.screenshot({ path: '/tmp/h-cart-checkout.png', fullPage: false });
    await page.getByRole('button', { name: /^Place order/ }).click();

    // One payment for all forty lines.
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await page.getByRole('heading', { name: /^Order CO-\d+$/ }).waitFor();
    await expect.poll(() => page.getByTestId('checkout-line').count(), { timeout: 20_000 }).toBe(40);
    expect(await page.getByTestId('payment-total').textContent()).toBe(
      `$ ${formatPrice(toDollars(expectedCents))}`,
    );
    const transactionId = await payWithGoodCard(page);
    expect(transactionId).toMatch(/^pi_/);
    await page.screenshot({ path: '/tmp/h-cart-paid.png', fullPage: false });

    // My Orders: every line is an order of its own, paid with the one payment, number and PO shown.
    await page.goto(`${server.url}/dashboard/myOrders`);
    await expect
      .poll(() => page.locator('[data-testid="order-row"]', { hasText: 'PO PO-2026-118' }).count(), {
        timeout: 20_000,
      })
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

  it("takes a new buyer's first large card order (over $15,000) from the product page to paid, without a hitch", async () => {
    const catalogue = (await (await fetch(`${server.url}/api/products`)).json()) as Product[];
    // A part and a quantity, within its rules and stock, worth at least $15,000 at its volume price.
    const large = catalogue
      .map((product) => {
        const pricing = pricingOf(product);
        const quantity = nearestValidQuantity(pricing, Math.ceil(1_500_000 / pricing.priceCents) * 2);
        return { product, quantity, cents: quantity ? lineTotalCents(pricing, quantity) : 0 };
      })
      .find((line) => line.quantity !== null && line.cents >= 1_500_000);
    expect(large, 'a demo part that sells for $15,000 in one line').toBeDefined();
    const { product, quantity, cents } = large!;
    const buyer = { email: uniqueEmail('first-large'), password: 'first-large-order-password-1' };
    await createAccount(server.url, 'Farid Foundry', buyer.email, buyer.password);
    const page = await desktop.newPage();
    await signIn(page, server.url, buyer.email, buyer.password, `/product/${product._id}`);
    await page.getByLabel('Quantity for the cart').fill(String(quantity));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText(`${quantity} pcs of ${product.name} added to your cart`).waitFor();

    await page.goto(`${server.url}/cart`);
    await expect
      .poll(() => page.getByTestId('cart-total').textContent())
      .toBe(`$ ${formatPrice(toDollars(cents))}`);
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL(`${server.url}/checkout`);
    await main(page).getByLabel('Address').fill('7 Forge Street, Leeds');
    await main(page).getByLabel('Phone').fill('+44 113 496 0000');
    await page.getByRole('button', { name: /^Place order/ }).click();
    // No refusal about holds or earlier orders: straight to the one payment of the whole amount.
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    expect(await page.getByTestId('payment-total').textContent()).toBe(`$ ${formatPrice(toDollars(cents))}`);
    expect(await payWithGoodCard(page)).toMatch(/^pi_/);

    await page.goto(`${server.url}/dashboard/myOrders`);
    const group = page.locator('[data-testid="checkout-group"]', { hasText: product.name }).first();
    await group.waitFor();
    expect(await group.getByTestId('checkout-status').textContent()).toBe('Paid');
    await page.close();
  }, 120_000);

  it('works on a 375 px phone: a visitor adds to cart, logs in, checks out, pays; Order again shows what changed', async () => {
    const catalogue = (await (await fetch(`${server.url}/api/products`)).json()) as Product[];
    const product = catalogue.find((item) => item.sku === 'FL-BRG-6204') as Product;
    const page = await phone.newPage();
    // Signed out: the line waits in the browser, and moves into the account at sign-in.
    await page.goto(`${server.url}/product/${product._id}`);
    await appReady(page);
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
    const group = page.locator('[data-testid="checkout-group"]', { hasText: product.name }).first();
    await group.waitFor();
    await group.getByRole('button', { name: /^Order again: every part of CO-\d+$/ }).click();
    await page.waitForURL(`${server.url}/cart`);
    await page.getByTestId('reorder-changes').getByText(`${product.name}: Unchanged.`).waitFor();
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
    await noSidewaysScroll(page);
    await expectAccessible(page, 'cart after Order again at 375 px');
    await page.close();
  }, 120_000);

  it('shows the volume prices on the product page at 375 px, and Order again shows a price changed since', async () => {
    const catalogue = (await (await fetch(`${server.url}/api/products`)).json()) as Product[];
    const bolt = catalogue.find((item) => item.sku === 'FL-BLT-M12-50') as Product;
    const buyer = { email: uniqueEmail('tiers'), password: 'tier-buyer-password-1' };
    await createAccount(server.url, 'Tia Tiers', buyer.email, buyer.password);
    const context = await journeyContext(browser, 375, 740);
    const page = await context.newPage();
    await signIn(page, server.url, buyer.email, buyer.password, `/product/${bolt._id}`);

    // The table of price breaks, the row of the quantity typed highlighted; the pack rule shown.
    const rows = page.getByTestId('price-row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.allTextContents()).toEqual([
      '500–1999 pcs$ 0.42 (your price)',
      '2000–9999 pcs$ 0.38',
      '10000+ pcs$ 0.34',
    ]);
    await page.getByTestId('quantity-rules').getByText('Sold in packs of 100 pcs').waitFor();
    await page.getByLabel('Quantity for the cart').fill('2000');
    await expect.poll(() => rows.nth(1).getAttribute('aria-current')).toBe('true');
    await noSidewaysScroll(page);
    await expectAccessible(page, 'product page at 375 px');
    await page.screenshot({ path: '/tmp/h-product-tiers-375.png', fullPage: true });
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText(`2000 pcs of ${bolt.name} added to your cart`).waitFor();

    // The line at the 2000+ price, checked out and paid.
    await page.goto(`${server.url}/cart`);
    await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('$ 760');
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL(`${server.url}/checkout`);
    await main(page).getByLabel('Address').fill('4 Rivet Row, Sheffield');
    await main(page).getByLabel('Phone').fill('+44 114 496 0000');
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await payWithGoodCard(page);

    // The shop lowers the 2000+ price; the buyer's 'Order again' says so and the cart charges today's.
    const admin = await (await journeyContext(browser, 1280, 900)).newPage();
    await signIn(admin, server.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const status = await admin.evaluate(async (product) => {
      const response = await fetch(`/api/product/${product._id}`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${localStorage.getItem('accessToken')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          name: product.name,
          price: product.price,
          minOrder: product.minOrder,
          availableQuantiity: product.availableQuantiity,
          description: product.description,
          img: product.img,
          priceTiers: [
            { minQuantity: 2000, price: 0.36 },
            { minQuantity: 10000, price: 0.34 },
          ],
        }),
      });
      return response.status;
    }, bolt);
    expect(status).toBe(200);
    await admin.context().close();

    await page.goto(`${server.url}/dashboard/myOrders`);
    const group = page.locator('[data-testid="checkout-group"]', { hasText: bolt.name }).first();
    await group.getByRole('button', { name: /^Order again: every part of CO-\d+$/ }).click();
    await page.waitForURL(`${server.url}/cart`);
    await page
      .getByTestId('reorder-changes')
      .getByText(/Price per piece \$ ?0\.38 → \$ ?0\.36\./)
      .waitFor();
    await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('$ 720');
    await noSidewaysScroll(page);
    await page.screenshot({ path: '/tmp/h-reorder-changed-375.png', fullPage: true });
    await context.close();
  }, 120_000);
});
