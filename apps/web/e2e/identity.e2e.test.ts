import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openSite, closeSite } from './support/browser';
import type { RunningServer } from './support/server';
import {
  createAccount,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  fillAndSubmitLogin,
  signIn,
  signOut,
  signUp,
  skipSplash,
  uniqueEmail,
} from './support/auth';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openSite()), 90_000);

afterAll(() => closeSite({ server, browser }));

/** A fresh browser context (its own cookies and storage) with one page, splash skipped. */
const openPage = async (width = 1280, height = 800): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await skipSplash(page);
  return { context, page };
};

/** What GET /api/auth/get-session answers for this page's cookies. */
const sessionOf = async (page: Page) => {
  const response = await page.request.get(`${server.url}/api/auth/get-session`);
  return (await response.json()) as { user: { email: string } } | null;
};

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The reset link of the newest e-mail to `email` in the server's outbox (.eml files, quoted-printable). */
const resetLinkFor = (email: string): string | undefined => {
  const outbox = path.join(server.dataDir, 'outbox');
  const messages = readdirSync(outbox)
    .sort()
    .map((file) =>
      readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((text) => text.includes(`To: ${email}`));
  return /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(messages.at(-1) ?? '')?.[0];
};

describe('identity journeys', () => {
  it('signs up, stays signed in after a reload, and signs out', async () => {
    const { context, page } = await openPage();
    try {
      const email = uniqueEmail('signup');
      await signUp(page, server.url, 'Grace Hopper', email, 'cobol-1959');
      expect(new URL(page.url()).pathname).toBe('/');
      await mainNav(page).getByRole('link', { name: 'Dashboard' }).waitFor();
      expect((await sessionOf(page))?.user.email).toBe(email);
      const token = await page.evaluate(() => localStorage.getItem('accessToken'));
      expect(token?.split('.')).toHaveLength(3);

      await page.reload();
      await mainNav(page).getByRole('button', { name: 'Logout' }).waitFor();
      await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
      await page.waitForURL(`${server.url}/dashboard`);
      const card = page.getByRole('article', { name: 'Your profile' });
      await card.getByText('Grace Hopper').waitFor();
      expect(await card.getByTestId('profile-role').textContent()).toBe('Normal User');
      expect(await card.getByText('Not Available').count()).toBe(3);

      // The profile form: saved once (dialog), then unchanged (toast).
      const form = page.getByRole('form', { name: 'Update Profile' });
      await form.getByRole('button', { name: 'Update' }).click();
      await form.getByText('Phone is required').waitFor();
      await form.getByLabel('Phone').fill('+1 555 0199');
      await form.getByLabel('Address').fill('7 Mill Road, Dayton, OH');
      await form.getByLabel('Profession').fill('Rear Admiral');
      await form.getByRole('button', { name: 'Update' }).click();
      await page.getByRole('dialog').getByText('Successfully Updated Your Profile').waitFor();
      await card.getByText('+1 555 0199').waitFor();
      await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 5_000 });
      await form.getByRole('button', { name: 'Update' }).click();
      await page.getByText('Profile already updated').waitFor();

      await signOut(page, server.url);
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
      expect(await sessionOf(page)).toBeNull();
      expect(await mainNav(page).getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('sends a visitor of a protected page to /login and back there after signing in', async () => {
    const { context, page } = await openPage();
    try {
      await page.goto(`${server.url}/dashboard/myOrders`);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/dashboard/myOrders');

      // Validation first (docs/product.md §5), then the provider's error, then the right password.
      const form = page.getByRole('form', { name: 'Login' });
      await form.getByRole('button', { name: 'Login' }).click();
      await form.getByText('Email is required').waitFor();
      await form.getByText('Password is required').waitFor();
      await fillAndSubmitLogin(page, DEMO_CUSTOMER.email, 'not-the-password');
      await page.getByRole('alert').getByText('(auth/invalid-credential)', { exact: false }).waitFor();

      await fillAndSubmitLogin(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await page.waitForURL(`${server.url}/dashboard/myOrders`);
      await page.waitForFunction(() => localStorage.getItem('accessToken') !== null);
      const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
      await sidebar.getByRole('link', { name: 'My Orders' }).waitFor();
      await sidebar.getByRole('link', { name: 'My Reviews' }).waitFor();
      expect(await sidebar.getByRole('link', { name: 'Make Admin' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('lets an admin make another user an admin', async () => {
    const other = uniqueEmail('promote');
    await createAccount(server.url, 'Promoted User', other, 'promote-me-1');
    const { context, page } = await openPage();
    try {
      await signIn(page, server.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.goto(`${server.url}/dashboard/makeAdmin`);
      const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
      for (const name of [
        'My Profile',
        'Make Admin',
        'Add Product',
        'Manage Products',
        'Manage All Orders',
      ]) {
        await sidebar.getByRole('link', { name, exact: true }).waitFor();
      }
      const row = page.locator(`[data-testid="user-row"][data-email="${other}"]`);
      await row.waitFor();
      const total = await page.getByTestId('users-total').textContent();
      expect(total).toMatch(/Total Users: \d+/);
      expect(Number(/\d+/.exec(total ?? '')?.[0])).toBe(await page.getByTestId('user-row').count());

      await row.getByRole('button', { name: /Make Admin/ }).click();
      await page.getByRole('dialog').getByText('Are you sure?').waitFor();
      await page.getByRole('dialog').getByText("You won't be able to revert this!").waitFor();
      await page.getByRole('button', { name: 'Yes, make admin' }).click();
      await page.getByText('Successfully made an admin').waitFor();
      await row.getByText('Admin', { exact: true }).waitFor();
      expect(await row.getByRole('button', { name: /Make Admin/ }).count()).toBe(0);

      const admin = (await (
        await page.request.get(`${server.url}/api/admin/${encodeURIComponent(other)}`)
      ).json()) as { admin: boolean };
      expect(admin.admin).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('signs a customer out and sends them to /login when they open an admin page', async () => {
    const { context, page } = await openPage();
    try {
      await signIn(page, server.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await page.goto(`${server.url}/dashboard/makeAdmin`);
      await page.waitForURL((url) => url.pathname === '/login');
      await mainNav(page).getByRole('link', { name: 'Login', exact: true }).waitFor();
      await page.waitForFunction(() => localStorage.getItem('accessToken') === null);
      expect(await sessionOf(page)).toBeNull();
      expect(await page.getByTestId('user-row').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('resets a forgotten password through the e-mailed link, which works once', async () => {
    const email = uniqueEmail('reset');
    await createAccount(server.url, 'Ada Lovelace', email, 'analytical-1843');
    const { context, page } = await openPage();
    try {
      await page.goto(`${server.url}/resetPass`);
      const form = page.getByRole('form', { name: 'Reset Password' });
      const submit = form.getByRole('button', { name: 'Submit' });
      expect(await submit.isDisabled()).toBe(true);
      await form.getByLabel('Email').fill(email);
      await submit.click();
      await page.getByText('Email sent').waitFor();

      await expect.poll(() => resetLinkFor(email), { timeout: 10_000 }).toBeTruthy();
      const link = new URL(resetLinkFor(email)!);
      await page.goto(`${server.url}${link.pathname}${link.search}`);
      await page.waitForURL(/\/resetPass\?token=/);
      const choose = page.getByRole('form', { name: 'Choose a new password' });
      await choose.getByLabel('New Password').fill('engine-1842');
      await choose.getByRole('button', { name: 'Save New Password' }).click();
      await page.waitForURL((url) => url.pathname === '/login');

      await fillAndSubmitLogin(page, email, 'engine-1842');
      await mainNav(page).getByRole('button', { name: 'Logout' }).waitFor();

      // The same link again: the page says it is no longer valid instead of offering a form.
      await page.goto(`${server.url}${link.pathname}${link.search}`);
      await page.waitForURL(/\/resetPass\?error=/);
      expect(await page.getByRole('form', { name: 'Choose a new password' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
