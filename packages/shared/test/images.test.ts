import { describe, expect, it } from 'vitest';
import { photoSrcSet, thumbnailOf } from '../src/images';

describe('product pictures and their thumbnails (decision 0043)', () => {
  const uploaded = '/uploads/0b7c5f2e-4d1a-4c3b-9f8e-2a6d5c4b3a21.webp';
  const demo = '/uploads/demo-hex-bolt-0123456789-800w.webp';

  it('offers an uploaded photo (1600 px at most) with its 400 px thumbnail', () => {
    expect(thumbnailOf(uploaded)).toBe('/uploads/0b7c5f2e-4d1a-4c3b-9f8e-2a6d5c4b3a21-thumb.webp');
    expect(photoSrcSet(uploaded)).toBe(
      '/uploads/0b7c5f2e-4d1a-4c3b-9f8e-2a6d5c4b3a21-thumb.webp 400w, /uploads/0b7c5f2e-4d1a-4c3b-9f8e-2a6d5c4b3a21.webp 1600w',
    );
  });

  it('offers a demo picture at its own width, 800 px, with its thumbnail, in a bucket too', () => {
    expect(photoSrcSet(demo)).toBe(
      '/uploads/demo-hex-bolt-0123456789-800w-thumb.webp 400w, /uploads/demo-hex-bolt-0123456789-800w.webp 800w',
    );
    const cdn = 'https://cdn.example.com/photos/demo-bearing-abcdef0123-800w.webp';
    expect(thumbnailOf(cdn)).toBe('https://cdn.example.com/photos/demo-bearing-abcdef0123-800w-thumb.webp');
  });

  it('offers no thumbnail where none is known to exist', () => {
    for (const url of [
      '/uploads/demo-hex-bolt-0123456789.webp', // seeded before demo pictures had thumbnails
      'https://example.com/part.webp',
      '/uploads/0b7c5f2e-4d1a-4c3b-9f8e-2a6d5c4b3a21.png',
      `${uploaded}?v=2`,
    ]) {
      expect(thumbnailOf(url), url).toBeNull();
      expect(photoSrcSet(url), url).toBeUndefined();
    }
  });
});
