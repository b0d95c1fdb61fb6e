import type { BrowserContext, Page } from 'playwright-core';

/** The demo accounts a fresh DATA_DIR is seeded with (the server prints them at start). */
export const DEMO_ADMIN = { email: 'admin@forgeline.dev', password: 'forgeline-admin' } as const;
export const DEMO_CUSTOMER = { email: 'customer@forgeline.dev', password: 'forgeline-customer' } as const;
/** Demo Industries' company admin. */
export const DEMO_MANAGER = { email: 'manager@forgeline.dev', password: 'forgeline-manager' } as const;

/** A fresh, unique address for an account made in a test. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Hides the 3-second splash of index.html on every page load of this page (as a later visit in the tab would). */
export const skipSplash = (page: Page) =>
  page.addInitScript(() => {
    try {
      window.sessionStorage.setItem('forgeline:splash-seen', '1');
    } catch {
      // storage disabled: the splash then just shows for 3 s
    }
  });

const waitForSignedIn = async (page: Page, from: string) => {
  await page.waitForURL((url) => url.pathname !== from, { timeout: 20_000 });
  await page.waitForFunction(() => window.localStorage.getItem('accessToken') !== null, undefined, {
    timeout: 20_000,
  });
  await page
    .getByRole('button', { name: 'Logout', includeHidden: true })
    .first()
    .waitFor({ state: 'attached' });
};

/**
 * Signs in through the /login form and waits until the app has left /login with the access token
 * stored. Pass `from` to start at /login?redirectTo=…; otherwise the app goes home.
 */
export async function signIn(page: Page, baseUrl: string, email: string, password: string, from?: string) {
  await page.goto(`${baseUrl}/login${from ? `?redirectTo=${encodeURIComponent(from)}` : ''}`);
  await fillAndSubmitLogin(page, email, password);
  await waitForSignedIn(page, '/login');
}

/** Fills the login form already on screen and submits it (no waiting). */
export async function fillAndSubmitLogin(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/** Creates an account through the /signup form and waits until signed in (token stored). */
export async function signUp(page: Page, baseUrl: string, name: string, email: string, password: string) {
  await page.goto(`${baseUrl}/signup`);
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await waitForSignedIn(page, '/signup');
}

/** Logs out with the navbar's Logout button and waits for home with Login showing. */
export async function signOut(page: Page, baseUrl: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).first().click();
  // Home first waits for the home route's chunk: 30 s was not enough once on a loaded 2-core machine.
  await page.waitForURL(`${baseUrl}/`, { timeout: 60_000 });
  await nav
    .getByRole('link', { name: 'Login', exact: true, includeHidden: true })
    .first()
    .waitFor({ state: 'attached' });
}

/** Creates an account over HTTP (no browser), e.g. the other user of an admin test. */
export async function createAccount(baseUrl: string, name: string, email: string, password: string) {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name, email, password }),
  });
  if (!response.ok)
    throw new Error(`sign-up of ${email} failed: ${response.status} ${await response.text()}`);
}

/** Signs in through the login page in a new page of `context` and waits there at `to`. */
export async function signInAt(
  context: BrowserContext,
  baseUrl: string,
  account: { email: string; password: string },
  to: string,
): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, baseUrl, account.email, account.password, to);
  await page.waitForURL(`${baseUrl}${to}`, { timeout: 20_000 });
  return page;
}
