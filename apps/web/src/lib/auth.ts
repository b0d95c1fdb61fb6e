import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { authKeys } from './query-keys';
import {
  api,
  ApiError,
  authRequestTimeout,
  forgetStoredAccessToken,
  setUnauthorizedHandler,
} from './api-client';
import { VISITOR_CART_KEY } from './visitor-cart-key';
import type * as AccessTokenModule from './access-token';

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

/** The caller's signal and the 30 s time-out together (AbortSignal.any is missing before Safari 17.4). */
const anySignal = (signal: AbortSignal | undefined): AbortSignal =>
  !signal
    ? authRequestTimeout()
    : typeof AbortSignal.any === 'function'
      ? AbortSignal.any([signal, authRequestTimeout()])
      : signal;

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
// The access token: its code (lib/access-token) loads once somebody is signed in

type AccessTokens = typeof AccessTokenModule;
let accessTokens: AccessTokens | null = null;
const loadAccessTokens = async (): Promise<AccessTokens> => (accessTokens ??= await import('./access-token'));

/** Forgets the stored token, and its timers once its code is loaded (before that there are none). */
const clearAccessToken = () => {
  if (accessTokens) accessTokens.clearAccessToken();
  else forgetStoredAccessToken();
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
    await api.post(
      '/auth/sign-out',
      {},
      { auth: false, signOutOnUnauthorized: false, signal: authRequestTimeout() },
    );
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
    await loadAccessTokens()
      .then((tokens) => tokens.exchangeAccessToken(user.email))
      .catch(() => undefined);
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
  /** The stored token follows the session: fresh for a signed-in user (still the one once the code is in), none for a visitor. */
  const followSession = (user: SessionUser | null) => {
    if (!user) return clearAccessToken();
    void loadAccessTokens().then((tokens) => {
      if (currentUser()?.email === user.email) tokens.syncAccessToken(user);
    });
  };

  const unregister = setUnauthorizedHandler(() => {
    if (currentUser()) void signOut();
  });

  const sessionKey = JSON.stringify(authKeys.session());
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (JSON.stringify(event.query.queryKey) !== sessionKey) return;
    const user = (event.query.state.data as SessionUser | null | undefined) ?? null;
    followSession(user);
    // However the buyer signed in (the form, or back from Google's page), a visitor's cart moves in.
    if (user && hasVisitorCart()) void import('./visitor-cart').then((cart) => cart.moveVisitorCart(client));
  });

  const known = client.getQueryData<SessionUser | null>(authKeys.session());
  if (known !== undefined) followSession(known);

  // A tab back from the background: timers may have slept through the refresh time.
  const onVisible = () => {
    if (document.visibilityState === 'visible' && currentUser()) followSession(currentUser());
  };
  document.addEventListener('visibilitychange', onVisible);

  return () => {
    unregister();
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisible);
    if (boundClient === client) boundClient = null;
  };
};
