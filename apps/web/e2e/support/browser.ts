import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM_FLAGS } from './chromium';
import { startServer, type RunningServer } from './server';

/** System Chromium (docs/architecture.md §2: Playwright's own browser download does not work here). */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', ...CHROMIUM_FLAGS],
  });

/** A fresh context of this size that skips the 3 s splash (it is for first visits; journeys skip it). */
export async function journeyContext(browser: Browser, width = 1280, height = 900): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript(() => sessionStorage.setItem('forgeline:splash-seen', '1'));
  return context;
}

/** The real server and a Chromium for one test file, started side by side. */
export async function openSite(
  env?: Record<string, string>,
): Promise<{ server: RunningServer; browser: Browser }> {
  const [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
  return { server, browser };
}

/** openSite, with a desk context (1280 px) and a phone context (375 px, `phoneHeight` tall) for its journeys. */
export async function openSiteWithDeskAndPhone(env?: Record<string, string>, phoneHeight = 900) {
  const site = await openSite(env);
  const desk = await journeyContext(site.browser, 1280);
  const phone = await journeyContext(site.browser, 375, phoneHeight);
  return { ...site, desk, phone };
}

/** Closes what openSite opened: the browser (with every context still open in it), then the server. */
export async function closeSite(site: { server?: RunningServer; browser?: Browser }): Promise<void> {
  await site.browser?.close();
  await site.server?.stop();
}

type SiteWithDeskAndPhone = Awaited<ReturnType<typeof openSiteWithDeskAndPhone>>;

/**
 * openSiteWithDeskAndPhone before the file's tests and closeSite after them. The object it returns is
 * filled in by beforeAll: read its fields inside the tests, not at the top of the file.
 */
export function openSiteForTheseTests(env?: Record<string, string>, phoneHeight = 900): SiteWithDeskAndPhone {
  const site = {} as SiteWithDeskAndPhone;
  beforeAll(async () => {
    Object.assign(site, await openSiteWithDeskAndPhone(env, phoneHeight));
  }, 90_000);
  afterAll(() => closeSite(site));
  return site;
}
