import { env } from '@/config/env';
import { ApiError, readAccessToken } from '@/lib/api-client';

export type UploadedImage = { success: boolean; data: { url: string; thumbnailUrl?: string } };

/**
 * POST /api/images (admin, multipart field `image`, ≤ 5 MB). XMLHttpRequest rather than fetch: only it
 * reports upload progress. `onProgress` receives 0–100.
 */
export const uploadImage = (
  file: File,
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedImage> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.apiBaseUrl}/images`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'text';

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const answer = body as UploadedImage | null;
        if (answer?.success && typeof answer.data?.url === 'string') {
          onProgress?.(100);
          resolve(answer);
        } else reject(new ApiError(xhr.status, 'The image upload did not answer a URL'));
        return;
      }
      const error = (body ?? {}) as { message?: unknown; code?: unknown };
      reject(
        new ApiError(
          xhr.status,
          typeof error.message === 'string' ? error.message : xhr.statusText || 'The image upload failed',
          typeof error.code === 'string' ? error.code : undefined,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'The image upload failed: network error'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
