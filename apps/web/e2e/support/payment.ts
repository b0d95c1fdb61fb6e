import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Pays what the page offers to pay with the test processor's good card; answers the transaction id. */
export async function payWithGoodCard(page: Page): Promise<string> {
  const main = page.locator('main');
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await pay.waitFor();
  await main.getByLabel('Card number').pressSequentially('4242424242424242');
  await main.getByLabel('Expiry (MM / YY)').pressSequentially('1234');
  await main.getByLabel('CVC').pressSequentially('123');
  await expect.poll(() => pay.isEnabled(), { timeout: 10_000 }).toBe(true);
  await pay.click();
  await page.getByTestId('payment-success').waitFor({ timeout: 20_000 });
  return (await page.getByTestId('transaction-id').textContent())?.trim() ?? '';
}
