import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/** PostgreSQL text cannot hold U+0000, so a string carrying one would fail at the database as a 500. */
const hasNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNul(item));
  }
  return false;
};

/**
 * Refuses, before any route sees it, a body or query string with the NUL character anywhere in it:
 * one rule at the boundary covers every field, Better Auth's included.
 */
export async function refuseNulCharacters(request: FastifyRequest) {
  if (hasNul(request.body) || hasNul(request.query) || hasNul(request.params)) {
    throw badRequest('Text cannot contain the NUL character (U+0000). Please remove it and try again.');
  }
}
