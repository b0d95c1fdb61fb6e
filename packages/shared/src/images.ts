/**
 * Product photos (POST /api/images) are stored as `<uuid>.webp` (at most 1600 px) beside a 400 px
 * thumbnail `<uuid>-thumb.webp`, in the same folder or bucket. The thumbnail of such a URL, or null for
 * any other picture (the demo catalogue's, one typed in by hand): only ours are known to have one.
 * The pages offer both through srcset (docs/decisions/0043).
 */
const UPLOADED_PHOTO = /\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

export const thumbnailOf = (url: string): string | null =>
  UPLOADED_PHOTO.test(url) ? url.replace(/\.webp$/, '-thumb.webp') : null;

/** The widths srcset announces: the thumbnail's box, and the largest a photo is stored at. */
export const PHOTO_WIDTHS = { thumbnail: 400, full: 1600 } as const;

/** `srcset` for a product photo, or undefined when it has no thumbnail. */
export const photoSrcSet = (url: string): string | undefined => {
  const thumbnail = thumbnailOf(url);
  return thumbnail ? `${thumbnail} ${PHOTO_WIDTHS.thumbnail}w, ${url} ${PHOTO_WIDTHS.full}w` : undefined;
};
