import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_ADMIN, signInAt } from './support/auth';
import { closeSite, journeyContext, openSite } from './support/browser';
import { appReady, saveScreen } from './support/screens';
import type { RunningServer } from './support/server';

/**
 * Punchout in the browser (docs/decisions/0246): the shop's admin sets up SAP OCI for Demo Industries on
 * the company page; a buyer on a 375 px phone enters from the SAP system, lands in the catalogue at the
 * company's prices, and transfers the cart, which a fake HOOK_URL page receives.
 */

const MANAGER = 'manager@forgeline.dev';
const OCI_PASSWORD = 'demo-oci-password-2026';
const BOLT = 'Hex Flange Bolt M12 × 50, Grade 10.9';

let server: RunningServer;
let browser: Browser;
/** The SAP system's HOOK_URL page: shows the fields it was posted, one per line. */
const hook = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const lines = [...new URLSearchParams(body)].map(([k, v]) => `${k}=${v}`).join('\n');
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(`SAP received:\n${lines}`);
  });
});
let hookUrl = '';

beforeAll(async () => {
  ({ server, browser } = await openSite());
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/sap/hook`;
}, 120_000);
afterAll(async () => {
  await closeSite({ server, browser });
  await new Promise((resolve) => hook.close(resolve));
});

describe('punchout', () => {
  it('an admin sets up OCI; the SAP buyer lands at contract prices and the cart reaches HOOK_URL', async () => {
    const desk = await journeyContext(browser, 1280);
    const phone = await journeyContext(browser, 375);
    try {
      const admin = await signInAt(desk, server.url, DEMO_ADMIN, '/dashboard/companies');
      await admin
        .getByRole('link', { name: /Demo Industries/ })
        .first()
        .click();
      const panel = admin.getByRole('region', { name: 'Punchout (cXML, SAP OCI)' });
      await panel.getByText('Not set up: this company cannot punch out yet.').waitFor();
      await panel.getByLabel(/Punchout buyer/).fill(MANAGER);
      await panel.getByLabel('OCI user name').fill('demo-sap');
      await panel.getByLabel('OCI password').fill(OCI_PASSWORD);
      await panel.getByRole('button', { name: 'Save punchout settings' }).click();
      await panel.getByText(/^Set up; last changed/).waitFor();

      const buyer = await phone.newPage();
      const entry = new URLSearchParams({ USERNAME: 'demo-sap', PASSWORD: OCI_PASSWORD, HOOK_URL: hookUrl });
      await buyer.goto(`${server.url}/punchout/oci?${entry.toString()}`);
      await buyer.waitForURL(`${server.url}/search`);
      await appReady(buyer);
      const price = await buyer.evaluate(async (name) => {
        const products = (await (await fetch('/api/products?search=M12')).json()) as {
          _id: string;
          name: string;
          price: number;
          listPrice?: number;
        }[];
        const part = products.find((p) => p.name === name)!;
        await fetch('/api/cart/lines', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ lines: [{ productId: part._id, quantity: 500 }] }),
        });
        return { price: part.price, listPrice: part.listPrice };
      }, BOLT);
      // Demo Industries buys 30 % under the list.
      expect(price.price).toBe(Math.round((price.listPrice ?? 0) * 70) / 100);

      await buyer.goto(`${server.url}/cart`);
      const transfer = buyer.getByRole('button', { name: 'Transfer cart to procurement' });
      await transfer.waitFor();
      expect(await buyer.getByRole('link', { name: 'Checkout' }).count()).toBe(0);
      expect(await buyer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await saveScreen(buyer, 'punchout-cart', 375);
      await transfer.click();
      await buyer.waitForURL(hookUrl);
      const received = (await buyer.textContent('body')) ?? '';
      expect(received).toContain(`NEW_ITEM-DESCRIPTION[1]=${BOLT.slice(0, 40)}`);
      expect(received).toContain('NEW_ITEM-QUANTITY[1]=500');
      expect(received).toContain(`NEW_ITEM-PRICE[1]=${price.price.toFixed(2)}`);

      // The trail shows both documents to the admin.
      await admin.reload();
      await panel.getByText('Sent OCI transfer').waitFor();
      await panel.getByText('Received OCI entry').waitFor();
      await saveScreen(admin, 'punchout-admin', 1280);
    } finally {
      await desk.close();
      await phone.close();
    }
  }, 120_000);
});
