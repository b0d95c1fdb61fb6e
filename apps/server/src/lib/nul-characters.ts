import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * PostgreSQL text cannot hold U+0000, so a string carrying one would fail at the database as a 500.
 * Walked with a stack of its own, not recursion: however deep a value nests, this cannot overflow.
 */
export const hasNul = (root: unknown): boolean => {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value as unknown[]) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
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
