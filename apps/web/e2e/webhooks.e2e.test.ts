import http from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_ADMIN, signInAt } from './support/auth';
import { closeSite, journeyContext, openSite } from './support/browser';
import { saveScreen } from './support/screens';
import type { RunningServer } from './support/server';

/**
 * Webhooks in the browser (decision 0260): the shop's admin makes an API key and a webhook endpoint for
 * the ERP (a local fake that is down at first), sees the failed delivery, replays it and sees it arrive.
 */

const MANAGER = { email: 'manager@forgeline.dev', password: 'forgeline-manager' };
const SERVER_PORT = Number(process.env.E2E_WEBHOOKS_PORT ?? 4310);
const ERP_PORT = SERVER_PORT + 1;
let server: RunningServer;
let browser: Browser;
const erp = {
  secret: '',
  failNext: 1,
  received: [] as { id: string; type: string }[],
  server: http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (erp.failNext > 0) {
        erp.failNext -= 1;
        return void res.writeHead(503).end('ERP down for maintenance');
      }
      try {
        const event = new Webhook(erp.secret).verify(body, req.headers as Record<string, string>) as {
          type: string;
        };
        erp.received.push({ id: String(req.headers['webhook-id']), type: event.type });
        res.writeHead(200).end('ok');
      } catch {
        res.writeHead(401).end('bad signature');
      }
    });
  }),
};

beforeAll(async () => {
  await new Promise<void>((resolve) => erp.server.listen(ERP_PORT, '127.0.0.1', resolve));
  ({ server, browser } = await openSite({
    PORT: String(SERVER_PORT),
    JOBS: 'on',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    // No retry of its own within the test: the replay is what delivers it.
    WEBHOOK_RETRY_SECONDS: '3600',
    WEBHOOK_INTERVAL_MS: '500',
  }));
}, 120_000);
afterAll(async () => {
  await closeSite({ server, browser });
  erp.server.closeAllConnections();
  await new Promise<void>((resolve) => erp.server.close(() => resolve()));
});

describe('webhooks', () => {
  it('an admin creates a key and a webhook endpoint and replays a failed delivery', async () => {
    const desk = await journeyContext(browser, 1280);
    try {
      const page = await signInAt(desk, server.url, DEMO_ADMIN, '/dashboard/apiKeys');
      await page.getByRole('heading', { name: 'API keys' }).waitFor();
      await page.getByLabel('Name').fill('ERP sync');
      await page.getByLabel(/orders:read/).check();
      await page.getByRole('button', { name: 'Make key' }).click();
      expect((await page.getByTestId('api-key-secret').textContent())?.trim()).toMatch(/^flk_/);

      await page.getByRole('link', { name: 'Webhooks' }).click();
      await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
      await page.getByLabel('URL').fill(`http://127.0.0.1:${ERP_PORT}/hooks`);
      await page.getByLabel('Description').fill('ERP orders');
      await page.getByLabel(/Order placed/).check();
      await page.getByLabel(/Order paid/).check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: 'ERP orders' });
      await endpoint.waitFor();
      await endpoint.getByRole('button', { name: 'Show secret' }).click();
      erp.secret = (await endpoint.getByTestId('webhook-secret').textContent())?.trim() ?? '';
      expect(erp.secret).toMatch(/^whsec_/);

      await endpoint.getByRole('button', { name: 'Send test' }).click();
      await endpoint.getByRole('button', { name: 'Deliveries' }).click();
      const delivery = endpoint.getByTestId('webhook-delivery').first();
      await delivery.getByText('Retrying').waitFor({ timeout: 15_000 });
      expect(await delivery.textContent()).toContain('HTTP 503');
      await saveScreen(page, 'webhooks-failed-delivery', 1280);

      await delivery.getByRole('button', { name: /^Replay/ }).click();
      await delivery.getByText('Delivered').waitFor({ timeout: 15_000 });
      expect(await delivery.textContent()).toContain('HTTP 200');
      expect(erp.received.map((event) => event.type)).toEqual(['webhook.test']);
    } finally {
      await desk.close();
    }
    const phone = await journeyContext(browser, 375);
    try {
      const page = await signInAt(phone, server.url, DEMO_ADMIN, '/dashboard/webhooks');
      const endpoint = page.getByTestId('webhook-endpoint').first();
      await endpoint.waitFor();
      await endpoint.getByRole('button', { name: 'Deliveries' }).click();
      await endpoint.getByTestId('webhook-delivery').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await saveScreen(page, 'webhooks', 375);
    } finally {
      await phone.close();
    }
  }, 120_000);

  it("a company admin adds an endpoint for the company's own events under Company → Webhooks", async () => {
    for (const width of [375, 1280]) {
      const context = await journeyContext(browser, width);
      try {
        const page = await signInAt(context, server.url, MANAGER, '/dashboard/company?tab=webhooks');
        await page.getByRole('button', { name: 'Add endpoint' }).waitFor();
        // A company hears of its own orders, invoices and quotes: no stock or product events.
        expect(await page.getByLabel(/Stock low/).count()).toBe(0);
        if (width === 375) {
          await page.getByLabel('URL').fill(`http://127.0.0.1:${ERP_PORT}/company`);
          await page.getByLabel(/Order shipped/).check();
          await page.getByRole('button', { name: 'Add endpoint' }).click();
        }
        await page.getByTestId('webhook-endpoint').filter({ hasText: '/company' }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
        await saveScreen(page, 'company-webhooks', width);
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
