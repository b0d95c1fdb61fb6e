import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/axe';
import { DEMO_ADMIN, DEMO_CUSTOMER, signInAt } from './support/auth';
import { closeSite, journeyContext, openSite } from './support/browser';
import { appReady, saveScreen, noSidewaysScroll } from './support/screens';
import type { RunningServer } from './support/server';

/**
 * A part's documents and a discontinued part (docs/decisions/0233): an admin attaches a STEP model and a
 * signed-in-only datasheet on a phone, a visitor is asked to sign in for the datasheet, a customer
 * downloads the model, and a discontinued part's page names its replacement.
 */

let server: RunningServer;
let browser: Browser;
let phone: BrowserContext;
let bearingId: string;
let bushingId: string;

const STEP =
  "ISO-10303-21;\nHEADER;\nFILE_NAME('bearing-6204.step');\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n";
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

const idOf = async (sku: string) => {
  const response = await fetch(`${server.url}/api/products?search=${sku}`);
  const [found] = (await response.json()) as { _id: string; sku: string }[];
  if (found?.sku !== sku) throw new Error(`no demo part ${sku}`);
  return found._id;
};

/** Scrolls down to where the documents and related parts load (they load as their slot nears the screen). */
const scrollToExtras = (page: Page) =>
  page.evaluate(() => document.querySelector('[data-testid="part-extras"]')?.scrollIntoView());

/** Opens the Update dialog of the part with this part number in Manage Products. */
async function openUpdate(page: Page, sku: string) {
  await page.goto(`${server.url}/dashboard/manageProducts?search=${sku}`);
  const row = page.locator('[data-testid="product-row"]');
  await expect.poll(() => row.count()).toBe(1);
  await row.getByRole('button', { name: /^Update / }).click();
  return page.getByRole('dialog');
}

beforeAll(async () => {
  ({ server, browser } = await openSite());
  phone = await journeyContext(browser, 375, 740);
  [bearingId, bushingId] = await Promise.all([idOf('FL-BRG-6204'), idOf('FL-BSH-20-25-30')]);
}, 90_000);
afterAll(() => closeSite({ server, browser }));

describe("a part's documents and a discontinued part", () => {
  it('an admin on a phone attaches a STEP model and a signed-in-only datasheet, and discontinues a part', async () => {
    const admin = await journeyContext(browser, 375, 740);
    const page = await signInAt(admin, server.url, DEMO_ADMIN, '/dashboard/manageProducts');
    let dialog = await openUpdate(page, 'FL-BRG-6204');
    const attach = dialog.getByRole('form', { name: 'Attach a document' });
    await attach.scrollIntoViewIfNeeded();
    await attach.getByLabel(/^File/).setInputFiles({
      name: 'bearing-6204.step',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(STEP),
    });
    await attach.getByLabel('Kind').selectOption('cad');
    await attach.getByRole('button', { name: 'Attach document' }).click();
    const documents = dialog.getByTestId('admin-document');
    await expect.poll(() => documents.count(), { timeout: 20_000 }).toBe(1);

    await attach.getByLabel(/^File/).setInputFiles({
      name: 'datasheet-6204.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(PDF),
    });
    await attach.getByLabel('Kind').selectOption('datasheet');
    await attach.getByLabel('Who may download it').selectOption('customers');
    await attach.getByLabel(/^Title/).fill('Datasheet 6204-2RS');
    await attach.getByRole('button', { name: 'Attach document' }).click();
    await expect.poll(() => documents.count(), { timeout: 20_000 }).toBe(2);
    expect(await documents.nth(0).textContent()).toContain('bearing-6204.step');
    await noSidewaysScroll(page);
    await documents.nth(0).scrollIntoViewIfNeeded();
    await expectAccessible(page, 'Update dialog with documents, 375 px');
    await saveScreen(page, 'admin-part-documents', 375);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    dialog = await openUpdate(page, 'FL-BSH-20-25-30');
    await dialog.getByRole('checkbox', { name: /^Discontinued/ }).check();
    await dialog.getByLabel(/^Replaced by/).fill('FL-BRG-6204');
    await dialog.getByLabel(/^Add a related part/).fill('FL-BRG-6204');
    await dialog.getByRole('button', { name: 'Add related part' }).click();
    await dialog.getByRole('button', { name: 'Save discontinued and related parts' }).click();
    await page.getByText('Discontinued and related parts are saved').waitFor({ timeout: 20_000 });
    await admin.close();
  }, 120_000);

  it("shows a visitor 'Sign in to download' for the signed-in-only datasheet", async () => {
    const page = await phone.newPage();
    await page.goto(`${server.url}/product/${bearingId}`);
    await appReady(page);
    await scrollToExtras(page);
    await page.getByRole('heading', { name: 'Documents and CAD files' }).scrollIntoViewIfNeeded();
    const rows = page.getByTestId('document');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getByRole('link', { name: 'Download bearing-6204' }).isVisible()).toBe(true);
    expect(await rows.nth(1).getByRole('link', { name: 'Sign in to download' }).isVisible()).toBe(true);
    const sheet = await fetch(`${server.url}/api/product/${bearingId}/documents`).then(
      (r) => r.json() as Promise<{ url: string; visibility: string }[]>,
    );
    expect((await fetch(`${server.url}${sheet[1]!.url}`)).status).toBe(401);
    await noSidewaysScroll(page);
    await expectAccessible(page, 'part page with documents, 375 px');
    await saveScreen(page, 'part-documents', 375);
    await page.close();
  }, 60_000);

  it('lets a signed-in customer download the CAD file', async () => {
    const customer = await journeyContext(browser, 1280, 900);
    const page = await signInAt(customer, server.url, DEMO_CUSTOMER, `/product/${bearingId}`);
    await scrollToExtras(page);
    await page.getByRole('heading', { name: 'Documents and CAD files' }).scrollIntoViewIfNeeded();
    const rows = page.getByTestId('document');
    await expect.poll(() => rows.count()).toBe(2);
    // Signed in, the datasheet is a download too.
    expect(await rows.nth(1).getByRole('link', { name: 'Download Datasheet 6204-2RS' }).isVisible()).toBe(
      true,
    );
    await saveScreen(page, 'part-documents', 1280);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rows.nth(0).getByRole('link', { name: 'Download bearing-6204' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bearing-6204.step');
    expect(await readFile((await download.path())!, 'utf8')).toBe(STEP);
    await customer.close();
  }, 60_000);

  it("shows a discontinued part as such, with 'Replaced by' its successor and no way to buy it", async () => {
    const page = await phone.newPage();
    await page.goto(`${server.url}/product/${bushingId}`);
    await appReady(page);
    const notice = page.getByTestId('discontinued');
    expect(await notice.textContent()).toContain('Discontinued');
    expect(await page.getByRole('link', { name: 'Buy Now' }).count()).toBe(0);
    await scrollToExtras(page);
    await page.getByRole('heading', { name: 'Related parts' }).scrollIntoViewIfNeeded();
    await saveScreen(page, 'part-discontinued', 375);
    await page.getByRole('link', { name: 'Replaced by Deep Groove Ball Bearing 6204-2RS' }).click();
    await page.waitForURL(`${server.url}/product/${bearingId}`);
    await page.close();

    const desk = await journeyContext(browser, 1280, 900);
    const wide = await desk.newPage();
    await wide.goto(`${server.url}/product/${bushingId}`);
    await appReady(wide);
    await scrollToExtras(wide);
    await wide.getByTestId('related-part').waitFor();
    await expectAccessible(wide, 'discontinued part page, 1280 px');
    await saveScreen(wide, 'part-discontinued', 1280);
    await desk.close();
  }, 60_000);
});
