import { ApiError } from '@/lib/api-client';

/** The server's message for a 4xx ApiError (written for people), else the fallback. */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : fallback;

/**
 * The toast of a failed admin action: it names that action ('Failed to ship the order'), then the
 * server's reason when it has one written for people (a 4xx). A refused permission (403) says the action
 * alone, as the spec's 'Failed to make an admin' does; a 5xx or a network failure too (decision 0101).
 */
export const actionFailed = (action: string, error: unknown): string => {
  const reason =
    error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 403
      ? error.message.trim()
      : '';
  return reason && reason !== action ? `${action}: ${reason}` : action;
};
