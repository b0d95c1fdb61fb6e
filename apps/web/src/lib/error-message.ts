import { ApiError } from '@/lib/api-client';

/** The server's message for a 4xx ApiError (written for people), else the fallback. */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : fallback;
