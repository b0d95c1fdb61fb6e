import {
  RETRY_BACKOFF_MAX_MS,
  RETRY_BACKOFF_START_MS,
  TOKEN_REFRESH_LEAD_MS,
} from '@forgeline/shared/constants';
import {
  ACCESS_TOKEN_KEY,
  accessTokenExpiresAt,
  accessTokenPayload,
  api,
  ApiError,
  authRequestTimeout,
  forgetStoredAccessToken,
  isAccessTokenUsable,
} from './api-client';
import type { SessionUser } from './auth';

/**
 * The access token (docs/product.md §4): exchanged for the email after sign-in, refreshed 5 minutes
 * before it expires, retried with back-off. Only a signed-in user needs it, so lib/auth loads this
 * module then: a visitor's first view does not carry it.
 */

type TokenState = {
  email: string | null;
  timer: ReturnType<typeof setTimeout> | undefined;
  failures: number;
  inFlight: Promise<void> | null;
};

const tokenState: TokenState = { email: null, timer: undefined, failures: 0, inFlight: null };

const storage = {
  get: (): string | null => {
    try {
      return window.localStorage.getItem(ACCESS_TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set: (token: string) => {
    try {
      window.localStorage.setItem(ACCESS_TOKEN_KEY, token);
    } catch {
      // storage disabled: the session cookie still authenticates every call
    }
  },
  clear: forgetStoredAccessToken,
};

const tokenEmail = (token: string): string | undefined => {
  const email = accessTokenPayload(token)?.email;
  return typeof email === 'string' ? email : undefined;
};

const stopTokenTimer = () => {
  if (tokenState.timer !== undefined) clearTimeout(tokenState.timer);
  tokenState.timer = undefined;
};

const scheduleExchange = (email: string, delayMs: number) => {
  stopTokenTimer();
  tokenState.timer = setTimeout(
    () => {
      tokenState.timer = undefined;
      exchangeAccessToken(email).catch(() => {
        // retried with back-off inside
      });
    },
    Math.max(0, delayMs),
  );
};

/** Back-off after a failed exchange: 30 s, doubling, at most 16 minutes (docs/product.md §4, §9). */
export const retryDelayMs = (failures: number): number =>
  Math.min(RETRY_BACKOFF_START_MS * 2 ** Math.max(0, failures - 1), RETRY_BACKOFF_MAX_MS);

/**
 * PUT /api/user/:email: exchanges the signed-in session for a 1-hour access token, stores it under
 * `accessToken` and schedules the next exchange 5 minutes before it expires. A 401 signs the user out
 * (the api client's handler); other failures are retried with back-off, and rejected to the caller.
 */
export const exchangeAccessToken = (email: string): Promise<void> => {
  if (tokenState.inFlight && tokenState.email === email) return tokenState.inFlight;
  tokenState.email = email;
  stopTokenTimer();
  const run = (async () => {
    try {
      const { token } = await api.put<{ token: string; expiresIn: number }>(
        `/user/${encodeURIComponent(email)}`,
        { email },
        { auth: false, signal: authRequestTimeout() },
      );
      const expiresAt = accessTokenExpiresAt(token);
      if (expiresAt === undefined)
        throw new ApiError(500, 'The server sent a malformed access token.', 'INTERNAL_ERROR');
      if (tokenState.email !== email) return; // signed out (or in as someone else) meanwhile
      storage.set(token);
      tokenState.failures = 0;
      scheduleExchange(email, expiresAt - TOKEN_REFRESH_LEAD_MS - Date.now());
    } catch (error) {
      const signedOut = error instanceof ApiError && error.status === 401;
      if (!signedOut && tokenState.email === email) {
        tokenState.failures += 1;
        scheduleExchange(email, retryDelayMs(tokenState.failures));
      }
      throw error;
    } finally {
      tokenState.inFlight = null;
    }
  })();
  tokenState.inFlight = run;
  return run;
};

/** Keeps the stored token in step with a signed-in user: a token for this user, fresh. */
export const syncAccessToken = (user: SessionUser) => {
  const token = storage.get();
  const sameUser = token !== null && tokenEmail(token)?.toLowerCase() === user.email.toLowerCase();
  if (token && sameUser && isAccessTokenUsable(token)) {
    if (tokenState.email === user.email && (tokenState.timer !== undefined || tokenState.inFlight)) return;
    tokenState.email = user.email;
    scheduleExchange(user.email, (accessTokenExpiresAt(token) ?? 0) - TOKEN_REFRESH_LEAD_MS - Date.now());
    return;
  }
  if (tokenState.inFlight && tokenState.email === user.email) return;
  exchangeAccessToken(user.email).catch(() => {
    // retried with back-off; the session cookie still authenticates calls meanwhile
  });
};

/** Forgets the token and stops its timers (sign-out, or a visitor). */
export const clearAccessToken = () => {
  stopTokenTimer();
  tokenState.email = null;
  tokenState.failures = 0;
  tokenState.inFlight = null;
  storage.clear();
};
