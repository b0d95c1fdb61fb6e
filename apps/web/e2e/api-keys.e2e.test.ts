import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_ADMIN, signInAt } from './support/auth';
import { closeSite, journeyContext, openSite } from './support/browser';
import type { RunningServer } from './support/server';

/**
 * API keys in the browser (docs/decisions/0234): the shop's admin, on a phone, makes a key for the ERP,
 * copies its secret from the one page that shows it, the ERP uses it within its scope, and the admin
 * revokes it.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openSite());
}, 120_000);
afterAll(() => closeSite({ server, browser }));

describe('API keys', () => {
  it('an admin at 375 px makes a key, the ERP reads the products with it, and a revoked key is refused', async () => {
    const phone = await journeyContext(browser, 375);
    try {
      const page = await signInAt(phone, server.url, DEMO_ADMIN, '/dashboard/apiKeys');
      await page.getByRole('heading', { name: 'API keys' }).waitFor();
      await page.getByLabel('Name').fill('ERP sync');
      await page.getByLabel(/products:read/).check();
      await page.getByRole('button', { name: 'Make key' }).click();
      const secret = (await page.getByTestId('api-key-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^flk_/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

      const asErp = (path: string) =>
        fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${secret}` } });
      const csv = await asErp('/api/products.csv');
      expect(csv.status).toBe(200);
      expect(await csv.text()).toContain('Part number');
      expect((await asErp('/api/orders')).status).toBe(403);

      await page.getByRole('button', { name: 'Done' }).click();
      // Opened again, the page shows the key's use and never its secret.
      await page.reload();
      const item = page.getByTestId('api-key').filter({ hasText: 'ERP sync' });
      await item.waitFor();
      expect(await item.textContent()).not.toContain('last used never');
      expect(await page.content()).not.toContain(secret);
      await item.getByRole('button', { name: 'Revoke ERP sync' }).click();
      await page.getByRole('button', { name: 'Yes, revoke it' }).click();
      await item.getByText(/^Revoked/).waitFor();
      expect((await asErp('/api/products.csv')).status).toBe(401);
    } finally {
      await phone.close();
    }
  }, 90_000);
});
