import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { closeSite, openSite } from './support/browser';
import type { RunningServer } from './support/server';
import { chunkName, distDir, gzipBytes, kb } from '../test/build/bundle';

/**
 * What a new visitor's browser fetches for the first view of each public page, counted in the browser
 * (docs/decisions/0251): every script the page asks for until the network is quiet, the entry and each
 * chunk loaded after it alike, gzipped as the build budget counts them. The build's budget counts what a
 * route needs before it renders; this one also catches a chunk the page fetches right after. Pages above
 * the target have an allowance in budgets.json at their size when it was set plus 1 KB: they cannot grow.
 */
type FirstViewBudget = { target: number; allowances: Record<string, number> };
const { firstView } = JSON.parse(
  readFileSync(new URL('../test/build/budgets.json', import.meta.url), 'utf8'),
) as { firstView: FirstViewBudget };
/** Every public page a visitor can land on, as the budget names them. */
const PAGES = [
  '/',
  '/blogs',
  '/portfolio',
  '/login',
  '/signup',
  '/product/:id',
  '/category/bearings',
  '/search?q=bolt',
];
const limitOf = (page: string) => firstView.allowances[page] ?? firstView.target;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openSite()), 90_000);
afterAll(() => closeSite({ server, browser }));

/** The same-origin scripts a fresh browser fetched for the page, each with its gzipped size. */
async function scriptsOfFirstView(pagePath: string): Promise<{ file: string; bytes: number }[]> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true });
  try {
    const page = await context.newPage();
    const files = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script' && url.origin === server.url) files.add(url.pathname.slice(1));
    });
    const response = await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' });
    expect(response?.status(), `${pagePath} answers`).toBe(200);
    // The boot script asks for the entry on 'load'; the entry then asks for the route's chunks and
    // hydrates. Quiet network alone is not enough on a busy machine: the entry can take longer to run
    // than the half second networkidle waits, which would count the page before its chunks were asked.
    // So: until React has taken the root (its container key on #root), then until the network is quiet
    // again (chunks a component loads on mount).
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(
      () =>
        Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
      undefined,
      { timeout: 60_000 },
    );
    await page.waitForLoadState('networkidle');
    return [...files].map((file) => {
      expect(existsSync(path.join(distDir, file)), `${file} is a file of the build`).toBe(true);
      return { file, bytes: gzipBytes(file) };
    });
  } finally {
    await context.close();
  }
}

describe(`first view of every public page: at most ${firstView.target} KB of JavaScript (gzip)`, () => {
  let productId = '';
  beforeAll(async () => {
    const products = (await (await fetch(`${server.url}/api/products`)).json()) as { _id: string }[];
    productId = products[0]!._id;
  });

  it.each(PAGES)('%s', async (name) => {
    const scripts = await scriptsOfFirstView(name.replace(':id', productId));
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    const list = scripts
      .sort((a, b) => b.bytes - a.bytes)
      .map((script) => `  ${chunkName(script.file)}: ${kb(script.bytes)}`)
      .join('\n');
    // At least the entry and the route's own chunk: an empty list would pass any budget.
    expect(scripts.length, `${name} fetched no script at all`).toBeGreaterThanOrEqual(2);
    const limit = limitOf(name);
    expect(
      total / 1024,
      `${name} fetched ${kb(total)} of JavaScript, over ${limit} KB:\n${list}`,
    ).toBeLessThanOrEqual(limit);
    // An allowance is for a page still above the target: one that was cut below it must lose it.
    if (name in firstView.allowances)
      expect(
        total / 1024,
        `${name} is within ${firstView.target} KB now: remove its allowance`,
      ).toBeGreaterThan(firstView.target);
  });
});

it('allowances name only pages this test opens', () => {
  for (const page of Object.keys(firstView.allowances)) expect(PAGES).toContain(page);
});
