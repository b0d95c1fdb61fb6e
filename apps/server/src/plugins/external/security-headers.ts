import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet decides the security headers; we ask it once at start and set the result on every reply.
 * (@fastify/helmet runs helmet's middleware per request, re-parsing the CSP each time: on the catalogue
 * read, the hot path, that was a tenth of the CPU. Our policy has no per-request part, such as nonces.)
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export const securityHeadersPlugin = fp<{ helmet: HelmetOptions }>(
  async (app, options) => {
    const headers = computeSecurityHeaders(options.helmet);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
