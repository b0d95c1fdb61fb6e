import { AUTH_REQUEST_TIMEOUT_MS, TOKEN_EXPIRY_MARGIN_MS } from '@forgeline/shared/constants';
import { env } from '@/config/env';

/** Key of the access token in local storage (docs/product.md §3). */
export const ACCESS_TOKEN_KEY = 'accessToken';

/** An API answer that was not 2xx; `message` and `code` come from the server's error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The whole error body: per-field `details`, a 409's new figures. */
  readonly body: Record<string, unknown> | undefined;

  constructor(status: number, message: string, code?: string, body?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined | null>;
  /**
   * Send the stored access token as `Authorization: Bearer` (default: yes, while it is unexpired).
   * `false` sends only the session cookie: the token exchange and Better Auth's own endpoints use that.
   */
  auth?: boolean;
  /**
   * A 401 answer means the session is gone (account deleted, session expired): by default the
   * signed-in user is then signed out (docs/product.md §4). Sign-in forms turn this off: a wrong password is
   * a 401 too.
   */
  signOutOnUnauthorized?: boolean;
  signal?: AbortSignal;
  /** Further request headers (an `Idempotency-Key`). */
  headers?: Record<string, string>;
};

/**
 * The payload of a JWT access token, or undefined when the token is not three dot-separated sections
 * with a JSON object in the middle one (docs/product.md §5: such a token is unusable).
 */
export const accessTokenPayload = (token: string): Record<string, unknown> | undefined => {
  const sections = token.split('.');
  if (sections.length !== 3 || sections.some((section) => section.length === 0)) return undefined;
  try {
    const base64 = sections[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const payload: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** The expiry time (ms since epoch) of an access token, or undefined without a numeric `exp`. */
export const accessTokenExpiresAt = (token: string): number | undefined => {
  const exp = accessTokenPayload(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : undefined;
};

/** A token counts as expired TOKEN_EXPIRY_MARGIN_MS (30 s) before its expiry time (docs/product.md §4). */
export const isAccessTokenUsable = (token: string, now = Date.now()): boolean => {
  const expiresAt = accessTokenExpiresAt(token);
  return expiresAt !== undefined && expiresAt - TOKEN_EXPIRY_MARGIN_MS > now;
};

/**
 * The stored access token, or null when there is none or it is known to be expired (an expired token
 * is never sent: the session cookie stands in while lib/auth fetches a new one).
 */
export const readAccessToken = (): string | null => {
  try {
    const token = window.localStorage.getItem(ACCESS_TOKEN_KEY);
    if (!token) return null;
    const expiresAt = accessTokenExpiresAt(token);
    return expiresAt !== undefined && expiresAt - TOKEN_EXPIRY_MARGIN_MS <= Date.now() ? null : token;
  } catch {
    return null;
  }
};

/** Removes the stored access token (sign-out, a visitor): nothing to do when storage is off. */
export const forgetStoredAccessToken = () => {
  try {
    window.localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // nothing stored
  }
};

/** The signal of a call to the identity endpoints: it gives up after 30 s (docs/product.md §9). */
export const authRequestTimeout = () => AbortSignal.timeout(AUTH_REQUEST_TIMEOUT_MS);

let unauthorizedHandler: ((error: ApiError) => void) | null = null;

/** lib/auth registers what a 401 does (sign the user out); returns the function that unregisters it. */
export const setUnauthorizedHandler = (handler: ((error: ApiError) => void) | null): (() => void) => {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
};

const buildUrl = (path: string, params?: RequestOptions['params']): string => {
  const url = `${env.apiBaseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
};

const errorFrom = async (response: Response): Promise<ApiError> => {
  let message = response.statusText || `Request failed with status ${response.status}`;
  let code: string | undefined;
  let body: Record<string, unknown> | undefined;
  try {
    body = (await response.json()) as Record<string, unknown>;
    if (typeof body.message === 'string' && body.message) message = body.message;
    if (typeof body.code === 'string') code = body.code;
  } catch {
    // not JSON: keep the status text
  }
  return new ApiError(response.status, message, code, body);
};

/** The parsed body of an answer together with its headers (for `X-Total-Count`). */
async function send<T>(path: string, options: RequestOptions = {}): Promise<{ body: T; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // A form or a file (a Blob: the products CSV) is sent as it is; its type is its Content-Type.
  const isForm =
    (typeof FormData !== 'undefined' && options.body instanceof FormData) ||
    (typeof Blob !== 'undefined' && options.body instanceof Blob);
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (options.auth !== false) {
    const token = readAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  const response = await fetch(buildUrl(path, options.params), {
    method: options.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    body:
      options.body === undefined
        ? null
        : isForm
          ? (options.body as FormData | Blob)
          : JSON.stringify(options.body),
    signal: options.signal ?? null,
  });
  if (!response.ok) {
    const error = await errorFrom(response);
    if (error.status === 401 && options.signOutOnUnauthorized !== false) unauthorizedHandler?.(error);
    throw error;
  }
  if (response.status === 204) return { body: undefined as T, headers: response.headers };
  const text = await response.text();
  return { body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await send<T>(path, options)).body;
}

/** `X-Total-Count` as a whole number, or null when the header is missing or not a number. */
const totalCountOf = (headers: Headers): number | null => {
  const value = headers.get('x-total-count');
  if (value === null || value.trim() === '') return null;
  const total = Number(value);
  return Number.isSafeInteger(total) && total >= 0 ? total : null;
};

/**
 * A list answer with the number of all matches the server counted (`X-Total-Count`, null if absent);
 * `capped` when the server stopped counting there (`X-Total-Count-Capped`: there are more).
 */
export type WithTotal<T> = { data: T; total: number | null; capped?: true };

type Options = Omit<RequestOptions, 'method' | 'body'>;

/**
 * The one way the SPA talks to its server (`/api`, same origin). The session cookie always rides
 * along; the access token is sent as a bearer token unless `auth: false`.
 */
export const api = {
  get: <T>(path: string, options?: Options) => request<T>(path, options),
  /** GET of a paged list: the body and `X-Total-Count`. */
  getWithTotal: async <T>(path: string, options?: Options): Promise<WithTotal<T>> => {
    const { body, headers } = await send<T>(path, options);
    const capped = headers.get('x-total-count-capped') === 'true';
    return { data: body, total: totalCountOf(headers), ...(capped && { capped }) };
  },
  post: <T>(path: string, body?: unknown, options?: Options) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Options) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Options) => request<T>(path, { ...options, method: 'DELETE' }),
};
