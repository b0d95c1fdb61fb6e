import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { nearestValidQuantity, pricingOf } from '@forgeline/shared/pricing';
import type { Product } from '@forgeline/shared/schemas/product';
import { signInAt } from './support/auth';
import { main, noSidewaysScroll } from './support/screens';
import { expectAccessible } from './support/axe';
import { closeSite, openSiteWithDeskAndPhone } from './support/browser';
import type { RunningServer } from './support/server';

/**
 * A company's own part numbers (docs/decisions/0218): the demo company's admin reads them on the company
 * page; its buyer pastes the ERP's numbers into quick order on a phone and gets our parts in the cart.
 */

const MANAGER = { email: 'manager@forgeline.dev', password: 'forgeline-manager' };
const BUYER = { email: 'buyer@forgeline.dev', password: 'forgeline-buyer' };
/** Demo Industries' own numbers of three demo parts (db/seed/accounts.ts). */
const THEIRS: Record<string, string> = {
  'DI-100-2231': 'FL-BLT-M12-50',
  'DI-BRG 6204-2RS': 'FL-BRG-6204',
  'DI-VALVE/1IN': 'FL-VLV-BV1-1000',
};

let server: RunningServer;
let browser: Browser;
let desk: BrowserContext;
let phone: BrowserContext;

beforeAll(async () => {
  ({ server, browser, desk, phone } = await openSiteWithDeskAndPhone(undefined, 740));
}, 90_000);

afterAll(() => closeSite({ server, browser }));

describe("a company's own part numbers", () => {
  it('the admin sees them on the company page; a buyer pastes them into quick order and gets the parts in the cart', async () => {
    const manager = await signInAt(desk, server.url, MANAGER, '/dashboard/company?tab=partNumbers');
    await main(manager).getByRole('heading', { name: 'Your part numbers' }).waitFor();
    await expect.poll(() => main(manager).getByTestId('part-number').count(), { timeout: 20_000 }).toBe(3);
    await main(manager).getByRole('button', { name: 'Add a part number' }).waitFor();
    await expectAccessible(manager, 'company part numbers');
    await manager.screenshot({ path: '/tmp/h-parts-tab-1280.png', fullPage: true });

    const catalogue = (await (await fetch(`${server.url}/api/products`)).json()) as Product[];
    const bySku = new Map(catalogue.map((product) => [product.sku, product]));
    const lines = Object.entries(THEIRS).map(([number, sku]) => {
      const product = bySku.get(sku);
      if (!product) throw new Error(`no demo part ${sku}`);
      const quantity = nearestValidQuantity(pricingOf(product), product.minOrder) ?? product.minOrder;
      return { number, product, quantity };
    });
    // As an ERP exports them: their numbers (one with a space, so quoted), lower case too.
    const pasted = lines
      .map(({ number, quantity }, index) =>
        number.includes(' ')
          ? `"${number}";${quantity}`
          : `${index === 0 ? number.toLowerCase() : number} ${quantity}`,
      )
      .join('\n');

    const buyer = await signInAt(phone, server.url, BUYER, '/quick-order');
    await main(buyer).getByLabel('Part numbers and quantities').fill(pasted);
    await buyer.getByRole('button', { name: 'Check lines' }).click();
    await expect.poll(() => buyer.getByTestId('quick-customer-number').count(), { timeout: 20_000 }).toBe(3);
    expect(await buyer.getByTestId('quick-problem').count()).toBe(0);
    for (const { product } of lines)
      await main(buyer).getByText(product.sku, { exact: true }).first().waitFor();
    await expectAccessible(buyer, 'quick order by own part numbers');
    await noSidewaysScroll(buyer);
    await buyer.screenshot({ path: '/tmp/h-parts-quick-375.png', fullPage: true });
    await buyer.getByRole('button', { name: 'Add 3 valid lines to cart' }).click();

    await buyer.waitForURL(`${server.url}/cart`);
    await expect.poll(() => buyer.getByTestId('cart-line').count(), { timeout: 20_000 }).toBe(3);
    for (const { product } of lines) await main(buyer).getByText(product.name).first().waitFor();

    // The buyer reads the numbers too, on a phone, without the admin's buttons.
    await buyer.goto(`${server.url}/dashboard/company?tab=partNumbers`);
    await expect.poll(() => main(buyer).getByTestId('part-number').count(), { timeout: 20_000 }).toBe(3);
    expect(await main(buyer).getByRole('button', { name: 'Add a part number' }).count()).toBe(0);
    await noSidewaysScroll(buyer);
    await buyer.screenshot({ path: '/tmp/h-parts-tab-375.png', fullPage: true });

    // The admin imports the ERP's cross-reference: a dry run shows what would change, then it is saved.
    const gear = catalogue.find((product) => !Object.values(THEIRS).includes(product.sku));
    if (!gear) throw new Error('no other demo part');
    await main(manager).getByRole('button', { name: 'Import CSV' }).click();
    await main(manager)
      .getByLabel('CSV file')
      .setInputFiles({
        name: 'erp-parts.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          `Customer part number;Part number\r\nDI-900-0001;${gear.sku}\r\nDI-100-2231;FL-BLT-M12-50\r\n`,
        ),
      });
    await main(manager).getByTestId('import-summary').filter({ hasText: '2 rows: 1 to add' }).waitFor();
    expect(await main(manager).getByTestId('part-number').count()).toBe(3);
    await expectAccessible(manager, 'part numbers import preview');
    await manager.screenshot({ path: '/tmp/h-parts-import-1280.png', fullPage: true });
    await main(manager).getByRole('button', { name: 'Import 1 row' }).click();
    await expect.poll(() => main(manager).getByTestId('part-number').count(), { timeout: 20_000 }).toBe(4);
    await main(manager).getByText('DI-900-0001').waitFor();
  });
});
