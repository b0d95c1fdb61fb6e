import { ApiError } from '@/lib/api-client';

/**
 * The server's reason for refusing the photo itself (not an image, too large, too many pixels: a 4xx
 * from POST /api/images), or null when the upload failed for another reason (network, server error).
 */
export const photoRefused = (error: unknown): string | null =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 401 &&
  error.status !== 403
    ? error.message
    : null;
