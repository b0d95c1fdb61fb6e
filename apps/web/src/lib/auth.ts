import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  AUTH_REQUEST_TIMEOUT_MS,
  RETRY_BACKOFF_MAX_MS,
  RETRY_BACKOFF_START_MS,
  TOKEN_REFRESH_LEAD_MS,
} from '@forgeline/shared/constants';
import { authKeys } from './query-keys';
import {
  ACCESS_TOKEN_KEY,
  accessTokenExpiresAt,
  api,
  ApiError,
  isAccessTokenUsable,
  setUnauthorizedHandler,
} from './api-client';
import { VISITOR_CART_KEY } from './visitor-cart-key';

// The session's keys live in the one factory; re-exported for callers that know them from here.
export { authKeys };

/**
 * The signed-in identity: Better Auth's session (cookie) plus our access token (docs/product.md §3, §4).
 *
 * Better Auth's endpoints are called with plain fetch through TanStack Query rather than
 * `better-auth/react`, whose client would add about 11 KB gzip to the entry chunk
 * (docs/decisions/0001-auth-client-without-better-auth-react.md).
 */

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: 'admin' | null;
  /** Whether the address is confirmed: until it is, the shop mails it nothing but links (decision 0131). */
  emailVerified: boolean;
};

export type Session = {
  user: SessionUser | null;
  isPending: boolean;
};

/** What Better Auth's GET /api/auth/get-session answers (the fields we use). */
type RawSession = {
  session: { id: string; expiresAt: string };
  user: {
    id: string;
    name: string;
    email: string;
    image?: string | null;
    role?: string | null;
    emailVerified?: boolean;
  };
} | null;

const timeout = () => AbortSignal.timeout(AUTH_REQUEST_TIMEOUT_MS);

/** The caller's signal and the 30 s time-out together (AbortSignal.any is missing before Safari 17.4). */
const anySignal = (signal: AbortSignal | undefined): AbortSignal =>
  !signal ? timeout() : typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout()]) : signal;

export const toSessionUser = (user: NonNullable<RawSession>['user']): SessionUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  image: user.image ?? null,
  role: user.role === 'admin' ? 'admin' : null,
  emailVerified: user.emailVerified === true,
});

/** GET /api/auth/get-session: the signed-in user, or null. */
export const getSession = async ({ signal }: { signal?: AbortSignal } = {}): Promise<SessionUser | null> => {
  const data = await api.get<RawSession>('/auth/get-session', {
    auth: false,
    signOutOnUnauthorized: false,
    signal: anySignal(signal),
  });
  return data?.user ? toSessionUser(data.user) : null;
};

export const getSessionQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.session(),
    queryFn: ({ signal }) => getSession({ signal }),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: true,
  });

/** The signed-in user (null for a visitor) and whether that is still being found out. */
export const useSession = (): Session => {
  const query = useQuery(getSessionQueryOptions());
  return { user: query.data ?? null, isPending: query.isPending };
};

/** GET /api/admin/:email: whether the server counts this user as an admin (docs/product.md §6). */
export const getIsAdmin = async (
  email: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<boolean> => {
  const data = await api.get<{ admin: boolean }>(
    `/admin/${encodeURIComponent(email)}`,
    signal ? { signal } : {},
  );
  return data.admin === true;
};

/** Whether the signed-in user is an admin, asked of the server; false for a visitor. */
export const useIsAdmin = (): { isAdmin: boolean; isPending: boolean } => {
  const { user, isPending } = useSession();
  const email = user?.email ?? '';
  const query = useQuery({
    queryKey: authKeys.admin(email),
    queryFn: ({ signal }) => getIsAdmin(email, { signal }),
    enabled: user !== null,
    staleTime: 60_000,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 3,
  });
  return {
    isAdmin: user !== null && query.data === true,
    isPending: isPending || (user !== null && query.isPending),
  };
};

// ---------------------------------------------------------------------------------------------
// The access token: exchanged for the email after sign-in, refreshed before it expires (docs/product.md §4)

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
  clear: () => {
    try {
      window.localStorage.removeItem(ACCESS_TOKEN_KEY);
    } catch {
      // nothing stored
    }
  },
};

const tokenEmail = (token: string): string | undefined => {
  try {
    const base64 = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const payload = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as {
      email?: unknown;
    };
    return typeof payload.email === 'string' ? payload.email : undefined;
  } catch {
    return undefined;
  }
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
        { auth: false, signal: timeout() },
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

/** Keeps the stored token in step with the session: a token for this user, fresh; none for a visitor. */
const syncAccessToken = (user: SessionUser | null) => {
  if (!user) {
    if (tokenState.email !== null || storage.get() !== null) clearAccessToken();
    return;
  }
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

const clearAccessToken = () => {
  stopTokenTimer();
  tokenState.email = null;
  tokenState.failures = 0;
  tokenState.inFlight = null;
  storage.clear();
};

// ---------------------------------------------------------------------------------------------
// Signing out, and wiring to the app's QueryClient

let boundClient: QueryClient | null = null;

/** Forgets the signed-in user on this side: token, timers, and every cached query. */
const forgetUser = (client: QueryClient | null) => {
  clearAccessToken();
  if (!client) return;
  client.setQueryData(authKeys.session(), null);
  client.removeQueries({
    predicate: (query) => query.queryKey[0] !== 'auth' || query.queryKey[1] !== 'session',
  });
};

/**
 * Signs out: ends the session on the server (POST /api/auth/sign-out), clears the access token and the
 * cached queries. Navigation is up to the caller (the navbar goes to /, the admin guard to /login).
 */
export const signOut = async (): Promise<void> => {
  clearAccessToken();
  try {
    await api.post('/auth/sign-out', {}, { auth: false, signOutOnUnauthorized: false, signal: timeout() });
  } catch {
    // the session may already be gone; forget it here anyway
  }
  forgetUser(boundClient);
};

/**
 * After a sign-in or sign-up: reads the new session into the cache and exchanges the email for the
 * access token. Resolves with the user. A failed exchange is retried in the background; it does not
 * undo the sign-in (the session cookie authenticates meanwhile).
 */
export const establishSession = async (client: QueryClient): Promise<SessionUser | null> => {
  const before = client.getQueryData<SessionUser | null>(authKeys.session()) ?? null;
  const user = await client.fetchQuery({ ...getSessionQueryOptions(), staleTime: 0 });
  if ((before?.id ?? null) !== (user?.id ?? null)) {
    // Someone else (or someone, after a visitor) signed in in this tab: drop what was cached before, the
    // catalogue included, which shows a buyer their own company's parts and prices (decision 0216).
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
  }
  if (user) {
    await client.invalidateQueries({ queryKey: [...authKeys.all, 'admin'] });
    await exchangeAccessToken(user.email).catch(() => undefined);
  }
  return user;
};

const hasVisitorCart = (): boolean => {
  try {
    return window.localStorage.getItem(VISITOR_CART_KEY) !== null;
  } catch {
    return false;
  }
};

/**
 * Connects identity to the app's QueryClient (call once, from the app provider): a 401 from any API
 * call signs the user out, and the access token follows the session. Returns the disconnect function.
 */
export const connectAuth = (client: QueryClient): (() => void) => {
  boundClient = client;
  const currentUser = () => client.getQueryData<SessionUser | null>(authKeys.session()) ?? null;

  const unregister = setUnauthorizedHandler(() => {
    if (currentUser()) void signOut();
  });

  const sessionKey = JSON.stringify(authKeys.session());
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (JSON.stringify(event.query.queryKey) !== sessionKey) return;
    const user = (event.query.state.data as SessionUser | null | undefined) ?? null;
    syncAccessToken(user);
    // However the buyer signed in (the form, or back from Google's page), a visitor's cart moves in.
    if (user && hasVisitorCart()) void import('./visitor-cart').then((cart) => cart.moveVisitorCart(client));
  });

  const known = client.getQueryData<SessionUser | null>(authKeys.session());
  if (known !== undefined) syncAccessToken(known);

  // A tab back from the background: timers may have slept through the refresh time.
  const onVisible = () => {
    if (document.visibilityState === 'visible' && currentUser()) syncAccessToken(currentUser());
  };
  document.addEventListener('visibilitychange', onVisible);

  return () => {
    unregister();
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisible);
    if (boundClient === client) boundClient = null;
  };
};
