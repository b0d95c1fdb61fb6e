import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { repoRoot } from './server';

/** The widths every page is looked at: a phone, a tablet, a laptop. */
export const WIDTHS = [375, 768, 1280] as const;
export type Width = (typeof WIDTHS)[number];

/** Screenshots land here (git-ignored), named `<page>-<width>.png`. */
export const SCREENS_DIR = path.join(repoRoot, 'test-results', 'screens');

export async function saveScreen(page: Page, name: string, width: number): Promise<string> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const file = path.join(SCREENS_DIR, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/** The splash shows once per tab session (docs/product.md §2): pages of this context start as if it had been seen. */
export const skipSplash = (context: BrowserContext) =>
  context.addInitScript(() => {
    try {
      window.sessionStorage.setItem('forgeline:splash-seen', '1');
    } catch {
      // storage disabled: the splash then simply shows
    }
  });

/** The Google map cannot load offline: answer it with a plain local page, so frames and screenshots settle. */
export const stubGoogleMaps = (context: BrowserContext) =>
  context.route(/^https:\/\/(maps|www)\.google\.com\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Map</title><body style="margin:0;height:100vh;display:grid;place-items:center;background:#dbe4ee;font:16px sans-serif;color:#334155">Map of Badda, Dhaka (stubbed in tests)</body></html>',
    }),
  );

/**
 * Scrolls the page to the bottom in steps (so what loads near the viewport loads), waits for the network
 * to go quiet, and returns to the top: the state a full-page screenshot should show.
 */
export async function settle(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = await page.evaluate(() => window.innerHeight);
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.waitForTimeout(60);
  }
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
  );
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.waitForTimeout(100);
}

/**
 * Waits until the SPA has taken over a page the server rendered (docs/decisions/0040): the server's
 * markup is already there, so finding it says nothing about the app, and an element found in it is
 * replaced when the app renders. The app removes the page's data script when it has.
 */
export const appReady = (page: Page) => page.locator('#forgeline-state').waitFor({ state: 'detached' });

/** The page's main landmark: what a journey reads and clicks in, past the navbar and footer. */
export const main = (page: Page) => page.locator('main');

/** The page fits its width: nothing scrolls sideways (a phone's layout check). */
export const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
