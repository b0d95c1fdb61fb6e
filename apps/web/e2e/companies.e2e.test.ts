import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import type { Product } from '@forgeline/shared/schemas/product';
import { signIn, signInAt, uniqueEmail } from './support/auth';
import { expectAccessible } from './support/axe';
import { journeyContext, closeSite, openSiteWithDeskAndPhone } from './support/browser';
import { appReady, main } from './support/screens';
import type { RunningServer } from './support/server';

/**
 * A company runs its purchasing (docs/decisions/0213, 0214): its admin invites a buyer and sets a limit;
 * the buyer's order over it waits; the approver approves; it is placed on terms; finance downloads the
 * invoice. The buyer and finance on a 375 px phone, the admin and the approver at a desk.
 */

const MANAGER = { email: 'manager@forgeline.dev', password: 'forgeline-manager' };
const APPROVER = { email: 'approver@forgeline.dev', password: 'forgeline-approver' };
const FINANCE = { email: 'finance@forgeline.dev', password: 'forgeline-finance' };

let server: RunningServer;
let browser: Browser;
let desk: BrowserContext;
let phone: BrowserContext;

/** The join link of the newest invitation mailed to `email` (the server's outbox, .eml files). */
function joinLinkFor(email: string): string {
  const outbox = path.join(server.dataDir, 'outbox');
  const texts = readdirSync(outbox)
    .sort()
    .map((file) =>
      readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((text) => text.includes(`To: ${email}`) && text.includes('/join/'));
  const link = texts.at(-1)?.match(/https?:\/\/\S+\/join\/[\w-]+/)?.[0];
  if (!link) throw new Error(`no invitation mailed to ${email}`);
  return link;
}

beforeAll(async () => {
  ({ server, browser, desk, phone } = await openSiteWithDeskAndPhone());
}, 90_000);

afterAll(() => closeSite({ server, browser }));

describe('a company buying together', () => {
  it('invite a buyer → limit → order waits → approver approves → placed on terms → finance downloads the invoice', async () => {
    const buyerEmail = uniqueEmail('company-buyer');

    // The company admin invites a buyer.
    const manager = await signInAt(desk, server.url, MANAGER, '/dashboard/company?tab=invitations');
    const invite = main(manager).getByRole('form', { name: 'Invite a colleague' });
    await invite.getByLabel('E-mail').fill(buyerEmail);
    await invite.getByLabel('Role').selectOption('buyer');
    await expectAccessible(manager, 'company invitations');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await main(manager).getByText(buyerEmail).first().waitFor();

    // The invitee opens the link on a phone, signs up there and joins.
    const buyer = await phone.newPage();
    await buyer.goto(joinLinkFor(buyerEmail).replace(/^https?:\/\/[^/]+/, server.url));
    await main(buyer)
      .getByText(/Demo Industries Inc\./)
      .first()
      .waitFor();
    await main(buyer).getByRole('link', { name: 'Sign up' }).click();
    const signup = buyer.getByRole('form', { name: 'Sign Up' });
    await signup.getByLabel('Name').fill('Casey Newbuyer');
    await signup.getByLabel('Email').fill(buyerEmail);
    await signup.getByLabel('Password').fill('casey-buys-2026');
    await signup.getByRole('button', { name: 'Sign Up' }).click();
    await buyer.waitForURL(/\/join\//, { timeout: 20_000 });
    await main(buyer).getByRole('button', { name: 'Join Demo Industries Inc.' }).click();
    await buyer.waitForURL(/\/dashboard\/company/, { timeout: 20_000 });
    await buyer.getByTestId('my-role').getByText('You are buyer of this company.').waitFor();
    await buyer.screenshot({ path: '/tmp/company-buyer-375.png' });

    // The admin sets the new buyer's limit: $50 per order.
    await manager.goto(`${server.url}/dashboard/company?tab=members`);
    await main(manager).getByRole('button', { name: 'Edit Casey Newbuyer' }).click();
    const memberForm = main(manager).getByRole('form', { name: /Casey Newbuyer/ });
    await memberForm.getByLabel('Limit per order ($)').fill('50');
    await memberForm.getByRole('button', { name: 'Save member' }).click();
    await main(manager).getByRole('cell', { name: '$ 50', exact: true }).first().waitFor();

    // The buyer orders more than that, on invoice, to a site of the book: it waits for approval.
    const catalogue = (await (await fetch(`${server.url}/api/products`)).json()) as Product[];
    const product = catalogue.find((item) => item.sku === 'FL-BRG-6204') as Product;
    await buyer.goto(`${server.url}/product/${product._id}`);
    // The server's page is interactive once the app has taken it over.
    await appReady(buyer);
    const [added] = await Promise.all([
      buyer.waitForResponse((r) => r.url().includes('/api/cart') && r.request().method() !== 'GET'),
      main(buyer).getByRole('button', { name: 'Add to cart' }).click(),
    ]);
    expect(added.status()).toBe(200);
    await buyer.goto(`${server.url}/checkout`);
    await main(buyer)
      .getByLabel('Deliver to')
      .selectOption({ label: 'Ohio warehouse — 400 Canal St, Akron, OH' });
    await main(buyer)
      .getByLabel(/^Pay by invoice/)
      .check();
    await main(buyer).getByLabel('PO number (required)').fill('PO-COMPANY-1');
    await buyer.getByRole('button', { name: /^Place order/ }).click();
    await main(buyer).getByRole('heading', { name: 'Sent for approval' }).waitFor();
    const requestNumber = (
      await main(buyer)
        .getByText(/RQ-\d+/)
        .first()
        .textContent()
    )?.match(/RQ-\d+/)?.[0];
    expect(requestNumber).toBeDefined();
    await expectAccessible(buyer, 'order sent for approval');

    // The approver approves it at the desk: the checkout is placed on terms.
    const approverPage = await desk.newPage();
    await signIn(
      approverPage,
      server.url,
      APPROVER.email,
      APPROVER.password,
      '/dashboard/company?tab=approvals',
    );
    const card = main(approverPage).getByRole('article', { name: `Request ${requestNumber}` });
    await card.getByText('Over the per-order limit of $50.00.').waitFor();
    await expectAccessible(approverPage, 'approvals');
    await card.getByRole('button', { name: 'Approve' }).click();
    await main(approverPage)
      .getByText(new RegExp(`^Request ${requestNumber} approved: checkout CO-\\d+`))
      .waitFor();

    // The buyer's order is in My Orders, on invoice, shipping without waiting for payment.
    await buyer.goto(`${server.url}/dashboard/myOrders`);
    const row = buyer.locator('[data-testid="order-row"]', { hasText: 'PO PO-COMPANY-1' });
    await row
      .getByTestId('order-payment-state')
      .getByText(/^Awaiting payment \(due /)
      .waitFor();

    // Finance, on a phone, downloads the company's invoice.
    const finance = await journeyContext(browser, 375);
    const financePage = await signInAt(finance, server.url, FINANCE, '/dashboard/myInvoices');
    const invoice = financePage.locator('[data-testid="invoice-card"]', { hasText: 'PO PO-COMPANY-1' });
    await expectAccessible(financePage, 'finance invoices');
    const [download] = await Promise.all([
      financePage.waitForEvent('download'),
      invoice.getByRole('link', { name: /^Download PDF/ }).click(),
    ]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
    await finance.close();
    // Four people in four browser contexts: 56 s alone on this machine, past the default under CI's load.
  }, 180_000);
});
