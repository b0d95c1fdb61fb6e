import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { authErrorMessage, toAuthErrorCode } from './auth-errors';

describe('auth error codes (docs/product.md §8)', () => {
  it.each([
    [new ApiError(401, 'Invalid email or password', 'INVALID_EMAIL_OR_PASSWORD'), 'auth/invalid-credential'],
    [new ApiError(422, 'User already exists', 'USER_ALREADY_EXISTS'), 'auth/email-already-in-use'],
    [
      new ApiError(422, 'User already exists. Use another email.', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'),
      'auth/email-already-in-use',
    ],
    [new ApiError(429, 'Rate limit exceeded'), 'auth/too-many-requests'],
    [
      new ApiError(400, 'Google sign-in is not set up', 'OPERATION_NOT_ALLOWED'),
      'auth/operation-not-allowed',
    ],
    [new ApiError(400, 'Invalid token', 'INVALID_TOKEN'), 'auth/invalid-action-code'],
    [new ApiError(400, 'Password too short', 'PASSWORD_TOO_SHORT'), 'auth/weak-password'],
    [
      new ApiError(400, 'This password is one of the most common ones', 'PASSWORD_TOO_COMMON'),
      'auth/weak-password',
    ],
    [new ApiError(500, 'Internal Server Error'), 'auth/internal-error'],
    [new ApiError(400, 'Something odd', 'SOMETHING_ODD'), 'auth/internal-error'],
    [new TypeError('Failed to fetch'), 'auth/network-request-failed'],
    [new DOMException('The operation timed out.', 'TimeoutError'), 'auth/network-request-failed'],
    [new Error('boom'), 'auth/internal-error'],
  ])('%s → %s', (error, code) => {
    expect(toAuthErrorCode(error)).toBe(code);
  });

  it("shows the server's message with the code in brackets", () => {
    expect(
      authErrorMessage(new ApiError(401, 'Invalid email or password', 'INVALID_EMAIL_OR_PASSWORD')),
    ).toBe('Invalid email or password (auth/invalid-credential).');
    expect(
      authErrorMessage(
        new ApiError(
          400,
          'Google sign-in is not set up on this site yet. Please use your email and password.',
          'OPERATION_NOT_ALLOWED',
        ),
      ),
    ).toBe(
      'Google sign-in is not set up on this site yet. Please use your email and password (auth/operation-not-allowed).',
    );
  });

  it('uses plain words where the server has none to give (time-out, rate limit, 5xx)', () => {
    expect(authErrorMessage(new DOMException('timed out', 'TimeoutError'))).toBe(
      'Could not reach the server. Check your connection and try again (auth/network-request-failed).',
    );
    expect(
      authErrorMessage(new ApiError(429, 'Rate limit exceeded, retry in 1 minute', 'RATE_LIMITED')),
    ).toMatch(/^Too many attempts.*\(auth\/too-many-requests\)\.$/);
    expect(authErrorMessage(new ApiError(503, 'Service Unavailable'))).toMatch(/\(auth\/internal-error\)\.$/);
  });
});
