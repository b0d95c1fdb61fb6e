import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { actionFailed } from './error-message';

describe('actionFailed', () => {
  it('names the action, with the reason a 4xx gives people', () => {
    expect(actionFailed('Failed to ship the order', new ApiError(409, 'This order is not paid yet'))).toBe(
      'Failed to ship the order: This order is not paid yet',
    );
  });

  it('says the action alone for a refused permission, a server error or a lost connection', () => {
    expect(actionFailed('Failed to make an admin', new ApiError(403, 'Admins only'))).toBe(
      'Failed to make an admin',
    );
    expect(actionFailed('Failed to ship the order', new ApiError(500, 'Internal Server Error'))).toBe(
      'Failed to ship the order',
    );
    expect(actionFailed('Failed to delete the user', new TypeError('Failed to fetch'))).toBe(
      'Failed to delete the user',
    );
  });
});
