import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export type Violation = { id: string; impact: string; help: string; nodes: string[] };

/** Third-party frames we do not own: axe checks our page around them, not inside them. */
const EXCLUDED = ['iframe[data-testid="map"]'];

/** axe-core on the page as it is now: the serious and critical violations, readable. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of EXCLUDED) {
    if ((await page.locator(selector).count()) > 0) builder = builder.exclude(selector);
  }
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      nodes: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
}

/** A message listing the violations, for an assertion's failure text. */
export const describeViolations = (where: string, violations: Violation[]) =>
  `${where}: ${violations.length} serious/critical axe violation(s)\n` +
  violations.map((v) => `- [${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes.join('\n    ')}`).join('\n');

/** Fails the test when the page as it is now has a serious or critical axe violation. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(where, violations)).toEqual([]);
}
