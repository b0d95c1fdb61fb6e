import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../src/config/env.ts';

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
});
