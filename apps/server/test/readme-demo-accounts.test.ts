import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/db/seed/accounts.ts';

/**
 * The README's table of demo accounts is what a new user signs in with: it must name every account the
 * demo data makes, with its password and what it is (a company admin is not a person buying alone).
 */
describe("the README's demo accounts", () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const rows = [...readme.matchAll(/^\| ([^|]+?) +\| `([^`]+@forgeline\.dev)` +\| `([^`]+)` +\|$/gm)].map(
    ([, role, email, password]) => ({ role: role!.trim(), email, password }),
  );

  it('lists every demo account with its password, and no other', () => {
    expect(
      rows
        .map(({ email, password }) => ({ email, password }))
        .sort((a, b) => a.email!.localeCompare(b.email!)),
    ).toEqual(
      DEMO_ACCOUNTS.map(({ email, password }) => ({ email, password })).sort((a, b) =>
        a.email.localeCompare(b.email),
      ),
    );
  });

  it('says what each one is, as the demo data makes it', () => {
    const roleOf = (account: (typeof DEMO_ACCOUNTS)[number]) =>
      account.role === 'admin'
        ? 'shop admin'
        : 'company' in account && account.company
          ? account.company
          : 'person';
    for (const account of DEMO_ACCOUNTS) {
      const row = rows.find((candidate) => candidate.email === account.email);
      const words: Record<string, RegExp> = {
        'shop admin': /^shop admin$/,
        person: /as a person/,
        admin: /^company admin$/,
        approver: /^approver$/,
        buyer: /^buyer\b/,
        finance: /^finance\b/,
      };
      expect(row?.role, account.email).toMatch(words[roleOf(account)]!);
    }
  });
});
