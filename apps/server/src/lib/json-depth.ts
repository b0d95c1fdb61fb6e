import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/** No body of ours nests deeper than a few levels; 32 leaves room and keeps every later check cheap. */
export const MAX_JSON_DEPTH = 32;

/**
 * How deep the JSON text nests, read in one pass without recursion (a body of 100,000 `[` must not
 * overflow the stack of whatever looks at it next). Brackets inside strings do not count.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}

/** Fastify's own JSON parser (prototype-poisoning checks and all), behind the depth limit. */
export function limitJsonDepth(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) {
      done(badRequest(`The request body nests too deeply (more than ${MAX_JSON_DEPTH} levels).`), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
