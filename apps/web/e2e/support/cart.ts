import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** A part of the demo catalogue that everyone, visitors too, can see. */
export const DEMO_BOLT = 'Hex Flange Bolt M12 × 50, Grade 10.9';

/** A figure as a page shows it ('$1,234.50', 'Total: 12.00') as a number. */
export const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

/**
 * Puts one minimum order of the part named `name` in the cart of the buyer signed in on `page`, through
 * the cart's API as quick order does.
 */
export async function addMinimumOf(page: Page, base: string, name: string) {
  // The spec's unpaged list: every part.
  const all = (await (await page.request.get(`${base}/api/products`)).json()) as {
    _id: string;
    name: string;
    minOrder: number;
  }[];
  const part = all.find((product) => product.name === name);
  expect(part, name).toBeDefined();
  const added = await page.request.post(`${base}/api/cart/lines`, {
    data: { lines: [{ productId: part!._id, quantity: part!.minOrder }] },
    headers: { origin: base },
  });
  expect(added.status(), await added.text()).toBe(200);
}
