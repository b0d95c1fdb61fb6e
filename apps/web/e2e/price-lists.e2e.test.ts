import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { DEMO_ADMIN, signInAt } from './support/auth';
import { expectAccessible } from './support/axe';
import { journeyContext, openSite, closeSite } from './support/browser';
import { saveScreen, main } from './support/screens';
import type { RunningServer } from './support/server';

/**
 * Contract prices (decision 0217): the shop admin creates a price list 'Distributor' at 30 % off every
 * part, gives it to Demo Industries, and the price check on the company's page shows the 30 % off.
 */

let server: RunningServer;
let browser: Browser;
let desk: BrowserContext;

beforeAll(async () => {
  ({ server, browser } = await openSite());
  desk = await journeyContext(browser, 1280);
}, 90_000);

afterAll(() => closeSite({ server, browser }));

describe('contract prices', () => {
  it('new list at 30 % off → assigned to Demo Industries → the price check shows 30 % off a part', async () => {
    const admin = await signInAt(desk, server.url, DEMO_ADMIN, '/dashboard/priceLists');
    await main(admin).getByRole('button', { name: 'New price list' }).click();
    const form = main(admin).getByRole('form', { name: 'New price list' });
    await form.getByLabel('Name').fill('Distributor');
    await form.getByLabel('Percentage off the list price').fill('30');
    await form.getByRole('button', { name: 'Create price list' }).click();
    await admin.waitForURL(/\/dashboard\/priceLists\/[\w-]+$/, { timeout: 20_000 });
    await expect
      .poll(() => main(admin).getByTestId('price-list-rule').textContent())
      .toBe('30 % off all parts');

    // Given to the company itself, at priority 0: it beats the demo's group list of the same priority.
    await main(admin).getByLabel('Find company').fill('Demo Industries');
    await main(admin)
      .getByRole('combobox', { name: 'Company', exact: true })
      .selectOption({ label: 'Demo Industries Inc.' });
    await main(admin).getByRole('button', { name: 'Add', exact: true }).click();
    await main(admin).getByTestId('assignment-row').filter({ hasText: 'Demo Industries Inc.' }).waitFor();
    await expectAccessible(admin, 'price list page');
    await saveScreen(admin, 'price-list', 1280);

    // The company's page: its lists and the price check of a demo part.
    await main(admin).getByRole('link', { name: '← Price lists' }).click();
    await main(admin).getByTestId('price-list-row').filter({ hasText: 'Distributor' }).first().waitFor();
    const companies = await desk.newPage();
    await companies.goto(`${server.url}/dashboard/companies?search=Demo`);
    await main(companies).getByRole('link', { name: 'Demo Industries Inc.' }).click();
    await main(companies)
      .getByRole('list', { name: 'Its price lists' })
      .getByText('Distributor', { exact: true })
      .waitFor();
    const check = main(companies).getByRole('form', { name: 'Price check' });
    await check.getByLabel('Part number').fill('DI-7-FLANGE');
    await check.getByLabel('Quantity').fill('8');
    await check.getByRole('button', { name: 'Check price' }).click();
    const answer = main(companies).getByTestId('price-check-answer');
    await answer.waitFor();
    expect(await main(companies).getByTestId('price-check-why').textContent()).toBe(
      'Distributor: 30 % off the list price.',
    );
    // The flange's list price is $ 84.50: 30 % off is $ 59.15.
    expect(await main(companies).getByTestId('price-check-price').textContent()).toBe('$ 59.15');
    await saveScreen(companies, 'company-price-check', 1280);
  });

  it('reads on a 375 px phone: the lists, a list, the groups and a company’s prices', async () => {
    const phone = await journeyContext(browser, 375);
    const page = await signInAt(phone, server.url, DEMO_ADMIN, '/dashboard/priceLists');
    await main(page).getByTestId('price-list-row').filter({ hasText: 'Distributor 2027' }).waitFor();
    await saveScreen(page, 'price-lists', 375);
    await main(page).getByRole('link', { name: 'Distributor 2027' }).click();
    await main(page).getByTestId('assignment-row').filter({ hasText: 'Distributors' }).waitFor();
    await saveScreen(page, 'price-list', 375);
    await page.goto(`${server.url}/dashboard/customerGroups`);
    await main(page).getByTestId('group-row').filter({ hasText: 'Demo Industries Inc.' }).waitFor();
    await expectAccessible(page, 'customer groups');
    await saveScreen(page, 'customer-groups', 375);
    await phone.close();
  });
});
