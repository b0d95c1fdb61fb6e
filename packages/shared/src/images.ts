/**
 * The pictures whose 400 px thumbnail is stored beside them as `<name>-thumb.webp`, in the same folder or
 * bucket, and the width each is stored at:
 * - product photos (POST /api/images): `<uuid>.webp`, at most 1600 px wide;
 * - the demo catalogue's pictures (the seed): `demo-<kind>-<hash>-800w.webp`, 800 px wide. Demo pictures
 *   seeded before they had thumbnails are named without `-800w`, and get none.
 * Any other picture (one typed in by hand) is not known to have a thumbnail. The pages offer both
 * through srcset (docs/decisions/0043).
 */
const WITH_THUMBNAIL: { name: RegExp; width: number }[] = [
  { name: /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/, width: 1600 },
  { name: /\/demo-[a-z0-9-]+-[0-9a-f]{10}-800w\.webp$/, width: 800 },
];

/**
 * The picture of a part that has no photo yet (stored as null): a file of the web app's, answered as the
 * product's `img` so that every page, mail and client that shows `img` shows something true.
 */
export const PART_PHOTO_PLACEHOLDER = '/part-placeholder.svg';

/** The widths srcset announces: the thumbnail's box, and the largest a photo is stored at. */
export const PHOTO_WIDTHS = { thumbnail: 400, full: 1600 } as const;

const storedWidthOf = (url: string): number | undefined =>
  WITH_THUMBNAIL.find(({ name }) => name.test(url))?.width;

/** The thumbnail of a picture that has one, or null. */
export const thumbnailOf = (url: string): string | null =>
  storedWidthOf(url) ? url.replace(/\.webp$/, '-thumb.webp') : null;

/** `srcset` for a product picture, or undefined when it has no thumbnail. */
export const photoSrcSet = (url: string): string | undefined => {
  const width = storedWidthOf(url);
  return width ? `${thumbnailOf(url)} ${PHOTO_WIDTHS.thumbnail}w, ${url} ${width}w` : undefined;
};
