import type { FastifyRequest } from 'fastify';
import { DomainError } from './errors.ts';

/**
 * One spelling per path (decision record 0030). A request is routed, rate limited and guarded only when
 * its path is written the one way a browser writes it; any other spelling of a path is refused with a
 * 404 before routing, so no rule can be matched on one spelling while a handler (or Better Auth, which
 * parses the URL again) acts on another.
 *
 * Refused: dot segments (`/./`, `/../`), empty segments (`//`), backslashes (URL parsers read them as
 * `/`), percent-escapes of characters that never need one (RFC 3986 §2.3: letters, digits, `-._~`, so
 * `%2e` and `%73ign-in` too), and request targets that are not a path (`*`, `http://host/…`).
 * Letter case is not rewritten: every router here (Fastify's, Better Auth's) matches case-sensitively,
 * so `/API/users` or `/api/auth/Sign-In/email` finds no handler and is a 404 already.
 */
const ESCAPED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/i;
const DOT_SEGMENT = /(?:^|\/)\.{1,2}(?:\/|$)/;

export function isCanonicalPath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  if (!pathname.startsWith('/')) return false;
  if (pathname.includes('//') || pathname.includes('\\') || /%5c/i.test(pathname)) return false;
  if (ESCAPED_UNRESERVED.test(pathname)) return false;
  return !DOT_SEGMENT.test(pathname);
}

const nonCanonical = new WeakSet<object>();

/** Fastify's `rewriteUrl` (it runs before routing): notes a request whose path is not canonical. */
export function noteNonCanonicalPath(raw: { url?: string }): string {
  const url = raw.url ?? '/';
  if (!isCanonicalPath(url)) nonCanonical.add(raw);
  return url;
}

/** The first onRequest hook: a non-canonical path gets a 404 before any limit, guard or handler. */
export async function refuseNonCanonicalPaths(request: FastifyRequest) {
  if (nonCanonical.has(request.raw))
    throw new DomainError(
      'NOT_FOUND',
      'Nothing is found at this address: it is not written the usual way (no "//", "./", "../" or needless %-escapes).',
    );
}
