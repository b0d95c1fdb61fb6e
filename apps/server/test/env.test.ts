import { describe, expect, it } from 'vitest';
import { DEMO_BANK_ACCOUNT, EnvError, parseEnv } from '../src/config/env.ts';

describe('configuration', () => {
  it('serves on embedded defaults with nothing set', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.publicUrl).toBe('http://localhost:3000');
    expect(env.dataDir).toMatch(/data$/);
    expect(env.PAYMENT_WINDOW_MINUTES).toBe(30);
  });

  it('treats an empty variable as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('names every mistake in one clear message', () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ADMIN_EMAIL: 'boss@example.com',
        STRIPE_SECRET_KEY: 'sk_test_1',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL must be a URL starting with postgres:// or postgresql://');
    expect(problems).toContain('ADMIN_PASSWORD is required when ADMIN_EMAIL is set');
    expect(problems).toContain('STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set');
  });

  describe('the bank account invoices on terms are paid into', () => {
    const problemsOf = (source: Record<string, string>) => {
      try {
        parseEnv(source);
      } catch (error) {
        if (error instanceof EnvError) return error.problems;
        throw error;
      }
      return [];
    };

    it('shows the example account outside production, and none in production until it is set', () => {
      for (const NODE_ENV of ['development', 'test']) {
        expect(parseEnv({ NODE_ENV }).bankAccount).toEqual({
          accountHolder: 'Forgeline Manufacturing',
          bankName: DEMO_BANK_ACCOUNT.SELLER_BANK_NAME,
          accountLabel: 'IBAN',
          account: DEMO_BANK_ACCOUNT.SELLER_BANK_ACCOUNT,
          routingLabel: 'BIC',
          routing: DEMO_BANK_ACCOUNT.SELLER_BANK_ROUTING,
        });
      }
      expect(parseEnv({ NODE_ENV: 'production' }).bankAccount).toBeNull();
    });

    it('labels what is configured: an IBAN and BIC, or an account and routing number', () => {
      const european = parseEnv({
        NODE_ENV: 'production',
        SELLER_NAME: 'Acme Castings Ltd',
        SELLER_BANK_ACCOUNT: 'DE89 3704 0044 0532 0130 00',
        SELLER_BANK_ROUTING: 'COBADEFFXXX',
        SELLER_BANK_NAME: 'Commerzbank Köln',
      }).bankAccount;
      expect(european).toEqual({
        accountHolder: 'Acme Castings Ltd',
        bankName: 'Commerzbank Köln',
        accountLabel: 'IBAN',
        account: 'DE89 3704 0044 0532 0130 00',
        routingLabel: 'BIC',
        routing: 'COBADEFFXXX',
      });
      const american = parseEnv({
        NODE_ENV: 'production',
        SELLER_BANK_ACCOUNT: '000123456789',
        SELLER_BANK_ROUTING: '026009593',
        SELLER_BANK_ACCOUNT_HOLDER: 'Acme Castings Inc.',
      }).bankAccount;
      expect(american).toEqual({
        accountHolder: 'Acme Castings Inc.',
        bankName: null,
        accountLabel: 'Account number',
        account: '000123456789',
        routingLabel: 'Routing number',
        routing: '026009593',
      });
    });

    it('refuses a line break, control character or direction override in every bank field', () => {
      const fields = [
        'SELLER_BANK_ACCOUNT',
        'SELLER_BANK_ACCOUNT_HOLDER',
        'SELLER_BANK_NAME',
        'SELLER_BANK_ROUTING',
      ];
      const hostile = ['A1\nB2', 'A1\rB2', 'A1\tB2', 'A1\u0007B2', 'A1\u2028B2', 'A1\u202eB2', 'A1\u0000B2'];
      for (const field of fields) {
        for (const value of hostile) {
          const source = { SELLER_BANK_ACCOUNT: 'GB33BUKB20201555555555', [field]: value };
          const problems = problemsOf(source);
          expect(problems, `${field}=${JSON.stringify(value)}`).toHaveLength(1);
          expect(problems[0]).toMatch(new RegExp(`^${field} must be`));
          expect(problems[0]).toMatch(/one line/);
        }
      }
    });

    it('refuses blank or overlong details, and details without the account they belong to', () => {
      expect(problemsOf({ SELLER_BANK_ACCOUNT: '   ' })).toEqual(['SELLER_BANK_ACCOUNT must not be blank']);
      expect(problemsOf({ SELLER_BANK_ACCOUNT: '1'.repeat(43) })).toEqual([
        'SELLER_BANK_ACCOUNT must be 42 characters or fewer',
      ]);
      expect(problemsOf({ SELLER_BANK_ACCOUNT: 'GB33/BUKB' })[0]).toMatch(
        /^SELLER_BANK_ACCOUNT must be an IBAN/,
      );
      for (const field of ['SELLER_BANK_ACCOUNT_HOLDER', 'SELLER_BANK_NAME', 'SELLER_BANK_ROUTING'])
        expect(problemsOf({ [field]: 'X1' })).toEqual([
          `SELLER_BANK_ACCOUNT is required when ${field} is set`,
        ]);
    });
  });
});
