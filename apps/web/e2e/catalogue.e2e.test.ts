import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/axe';
import { DEMO_ADMIN, signInAt } from './support/auth';
import { closeSite, journeyContext, openSite } from './support/browser';
import { appReady, saveScreen, noSidewaysScroll } from './support/screens';
import type { RunningServer } from './support/server';

/**
 * The engineer's catalogue on a phone (docs/decisions/0220): a category page arrives rendered, three
 * filters narrow it to one part with the count of parts behind each value, Back undoes a filter, the
 * part's page lists its values, and its datasheet downloads (decision 0233).
 */

let server: RunningServer;
let browser: Browser;
let phone: BrowserContext;

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

beforeAll(async () => {
  ({ server, browser } = await openSite());
  phone = await journeyContext(browser, 375, 740);
  // The shop's admin attaches a public datasheet to the part the journey ends on.
  const found = await fetch(`${server.url}/api/products?search=6004-2Z`);
  const [part] = (await found.json()) as { _id: string; name: string }[];
  if (part?.name !== 'Deep Groove Ball Bearing 6004-2Z') throw new Error('no demo part 6004-2Z');
  const admin = await journeyContext(browser, 1280, 900);
  const page = await signInAt(admin, server.url, DEMO_ADMIN, '/');
  const attached = await page.request.post(`${server.url}/api/product/${part._id}/documents`, {
    headers: { origin: server.url },
    multipart: {
      file: { name: 'ds-6004-2z.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) },
      kind: 'datasheet',
      title: 'Datasheet 6004-2Z',
      visibility: 'public',
    },
  });
  if (attached.status() !== 201) throw new Error(`attach: ${attached.status()} ${await attached.text()}`);
  await admin.close();
}, 90_000);
afterAll(() => closeSite({ server, browser }));

const count = (page: Page) => page.getByTestId('match-count');

describe('a category narrowed by filters at 375 px', () => {
  it('is rendered on the server with its parts and filters, and its own title', async () => {
    const html = await (await fetch(`${server.url}/category/ball-bearings?seal=2Z`)).text();
    expect(html).toContain('<title>Deep groove ball bearings | Forgeline</title>');
    expect(html.match(/data-testid="part-row"/g)).toHaveLength(6);
    expect(html).toContain('data-testid="facet-filters"');
  });

  it('narrows to one part by three filters, Back undoes the last, the part page shows its values and its datasheet downloads', async () => {
    const page = await phone.newPage();
    await page.goto(`${server.url}/category/bearings`);
    await appReady(page);
    await expect.poll(() => count(page).textContent()).toBe('7 parts');
    await page.getByRole('link', { name: /Deep groove ball bearings/ }).click();
    await page.waitForURL(/\/category\/ball-bearings$/);

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('checkbox', { name: /2Z/ }).click();
    await expect.poll(() => count(page).textContent()).toBe('6 parts');
    await page.getByLabel('Bore from').fill('15');
    await page.getByLabel('Bore to').fill('20');
    await page.getByRole('button', { name: 'Apply' }).first().click();
    await expect.poll(() => count(page).textContent()).toBe('3 parts');
    // The width facet counts what each width would leave under the other two filters.
    await page.getByRole('button', { name: 'Width 12 mm, 1 part' }).click();
    await expect.poll(() => count(page).textContent()).toBe('1 part');
    expect(new URL(page.url()).searchParams.get('width')).toBe('12..12');
    await noSidewaysScroll(page);
    await expectAccessible(page, 'category page, filtered, 375 px');
    await saveScreen(page, 'category-filtered', 375);

    await page.goBack();
    await expect.poll(() => count(page).textContent()).toBe('3 parts');
    await page.goForward();
    await expect.poll(() => count(page).textContent()).toBe('1 part');

    await page.getByRole('link', { name: 'Deep Groove Ball Bearing 6004-2Z' }).click();
    await page.waitForURL(/\/product\//);
    const specs = page.getByTestId('specs');
    await expect.poll(() => specs.textContent()).toContain('Bore20 mm (0.787 in)');
    expect(await specs.textContent()).toContain('Seal2Z');

    // Its datasheet, a download to the phone.
    await page.evaluate(() => document.querySelector('[data-testid="part-extras"]')?.scrollIntoView());
    const datasheet = page.getByRole('link', { name: 'Download Datasheet 6004-2Z' });
    await datasheet.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([page.waitForEvent('download'), datasheet.click()]);
    expect(download.suggestedFilename()).toBe('ds-6004-2z.pdf');
    expect(await readFile((await download.path())!, 'utf8')).toBe(PDF);
    await noSidewaysScroll(page);
    await page.close();
  }, 90_000);

  it('suggests a part by a part number typed any way, and opens it', async () => {
    const page = await phone.newPage();
    await page.goto(`${server.url}/search`);
    await appReady(page);
    const box = page.getByRole('combobox', { name: 'Search the catalogue' });
    await box.fill('fl brg 6204');
    const offered = page.locator('[data-testid="suggestions"] option');
    await expect.poll(() => offered.first().getAttribute('value')).toBe('FL-BRG-6204');
    await box.fill('FL-BRG-6204');
    await expect.poll(() => offered.first().getAttribute('value')).toBe('FL-BRG-6204');
    await box.press('Enter');
    await page.waitForURL(/\/product\//);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Deep Groove Ball Bearing 6204-2RS');
    await page.close();
  }, 60_000);
});
