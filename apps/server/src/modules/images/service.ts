import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { DomainError } from '../../lib/errors.ts';
import type { ImageStore } from '../../plugins/app/images.ts';

/** Decoded size limit: a small file can declare a huge image (a 'pixel bomb'). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** And per side: a 1 x 39,000,000 strip is within the pixel count but took 13 s to resize. */
export const MAX_INPUT_SIDE_PX = 10_000;
export const FULL_SIZE_PX = 1600;
export const THUMBNAIL_PX = 400;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff']);

const tooManyPixels = () =>
  new DomainError(
    'IMAGE_TOO_LARGE',
    `The photo has too many pixels: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels and ${MAX_INPUT_SIDE_PX} px on a side.`,
  );
const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);
const notAnImage = () =>
  new DomainError(
    'INVALID_IMAGE',
    'The file is not a photo we can read. Please upload a JPEG, PNG, WebP, GIF or AVIF image.',
  );

/**
 * A product photo: the bytes must decode as an image; they are re-encoded to WebP (at most 1600 px,
 * metadata stripped) with a 400 px thumbnail, stored under names the server chooses.
 */
export async function storeProductPhoto(
  deps: { images: ImageStore },
  bytes: Buffer,
): Promise<{ url: string; thumbnailUrl: string }> {
  const { full, thumbnail } = await reencode(bytes);
  const key = randomUUID();
  const files = [
    { key: `${key}.webp`, bytes: full },
    { key: `${key}-thumb.webp`, bytes: thumbnail },
  ];
  const stored = await Promise.allSettled(
    files.map((file) => deps.images.put(file.key, file.bytes, 'image/webp')),
  );
  const [url, thumbnailUrl] = stored;
  if (url?.status === 'fulfilled' && thumbnailUrl?.status === 'fulfilled')
    return { url: url.value, thumbnailUrl: thumbnailUrl.value };
  // One of the two could not be stored (a full disk): the other is of no use without it.
  await Promise.allSettled(
    files
      .filter((_, index) => stored[index]?.status === 'fulfilled')
      .map((file) => deps.images.remove(file.key)),
  );
  throw stored.find((result) => result.status === 'rejected')!.reason;
}

async function reencode(bytes: Buffer): Promise<{ full: Buffer; thumbnail: Buffer }> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch (error) {
    throw isPixelLimit(error) ? tooManyPixels() : notAnImage();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height)
    throw notAnImage();
  const { width, height } = metadata;
  if (width * height > MAX_INPUT_PIXELS || Math.max(width, height) > MAX_INPUT_SIDE_PX) throw tooManyPixels();
  try {
    // rotate(): apply the EXIF orientation before the metadata (EXIF, GPS, ICC) is dropped by re-encoding.
    const render = (size: number, quality: number) =>
      sharp(bytes, options)
        .rotate()
        .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
        .webp({ quality })
        .toBuffer();
    const [full, thumbnail] = await Promise.all([render(FULL_SIZE_PX, 82), render(THUMBNAIL_PX, 75)]);
    return { full, thumbnail };
  } catch (error) {
    throw isPixelLimit(error) ? tooManyPixels() : notAnImage();
  }
}
