import { ApiError } from '@/lib/api-client';

/**
 * The identity provider's error codes of docs/product.md §8, in the spec's Firebase-style form (`auth/…`).
 * Better Auth's codes and our transport failures map onto them here, and only here.
 */
export type AuthErrorCode =
  | 'auth/invalid-credential'
  | 'auth/email-already-in-use'
  | 'auth/too-many-requests'
  | 'auth/network-request-failed'
  | 'auth/operation-not-allowed'
  | 'auth/invalid-action-code'
  | 'auth/expired-action-code'
  | 'auth/invalid-email'
  | 'auth/user-token-expired'
  | 'auth/weak-password'
  | 'auth/internal-error';

const BY_SERVER_CODE: Record<string, AuthErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'auth/invalid-credential',
  INVALID_PASSWORD: 'auth/invalid-credential',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'auth/invalid-credential',
  USER_NOT_FOUND: 'auth/invalid-credential',
  USER_ALREADY_EXISTS: 'auth/email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'auth/email-already-in-use',
  OPERATION_NOT_ALLOWED: 'auth/operation-not-allowed',
  INVALID_TOKEN: 'auth/invalid-action-code',
  EXPIRED_TOKEN: 'auth/expired-action-code',
  TOKEN_EXPIRED: 'auth/expired-action-code',
  INVALID_EMAIL: 'auth/invalid-email',
  PASSWORD_TOO_SHORT: 'auth/weak-password',
  PASSWORD_TOO_LONG: 'auth/weak-password',
  PASSWORD_TOO_COMMON: 'auth/weak-password',
  SESSION_EXPIRED: 'auth/user-token-expired',
  RATE_LIMITED: 'auth/too-many-requests',
  TOO_MANY_REQUESTS: 'auth/too-many-requests',
};

/** Texts for the codes whose cause the user should read in plain words, whatever the server said. */
const FALLBACK_MESSAGES: Record<AuthErrorCode, string> = {
  'auth/invalid-credential': 'Invalid email or password',
  'auth/email-already-in-use': 'An account with this email already exists',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again',
  'auth/network-request-failed': 'Could not reach the server. Check your connection and try again',
  'auth/operation-not-allowed': 'This sign-in method is not available',
  'auth/invalid-action-code': 'This reset link is invalid or has already been used',
  'auth/expired-action-code': 'This reset link has expired',
  'auth/invalid-email': 'Provide a valid Email',
  'auth/user-token-expired': 'Your session has expired. Please log in again',
  'auth/weak-password': 'Must be 6 caracters or longer',
  'auth/internal-error': 'Something went wrong on our side. Please try again',
};

const isNetworkFailure = (error: unknown): boolean =>
  error instanceof TypeError || // fetch: network down, DNS, CORS
  (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'));

/** The spec's `auth/…` code for any error a sign-in, sign-up or reset call can throw. */
export const toAuthErrorCode = (error: unknown): AuthErrorCode => {
  if (isNetworkFailure(error)) return 'auth/network-request-failed';
  if (error instanceof ApiError) {
    if (error.status === 429) return 'auth/too-many-requests';
    const mapped = error.code ? BY_SERVER_CODE[error.code] : undefined;
    if (mapped) return mapped;
    if (error.code?.startsWith('USER_ALREADY_EXISTS')) return 'auth/email-already-in-use';
    if (error.status === 401) return 'auth/invalid-credential';
  }
  return 'auth/internal-error';
};

/**
 * What the form shows under itself: '<message> (auth/<code>)' (docs/product.md §8). The server's own message
 * when it sent one we can show (4xx), else a plain-words text for the code.
 */
export const authErrorMessage = (error: unknown): string => {
  const code = toAuthErrorCode(error);
  const serverMessage =
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429 &&
    error.code
      ? error.message.replace(/\.$/, '')
      : undefined;
  return `${serverMessage ?? FALLBACK_MESSAGES[code]} (${code}).`;
};
