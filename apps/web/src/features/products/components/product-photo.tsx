import { photoSrcSet } from '@forgeline/shared/images';
import type { Product } from '@forgeline/shared/schemas/product';

type ProductPhotoProps = {
  product: Pick<Product, 'img' | 'name'>;
  /** How wide the picture is shown at each viewport width, so the browser picks the right file. */
  sizes: string;
  /** `high`: the page's largest picture, asked for ahead of its other requests. */
  priority?: 'high';
  /** A card below the first row waits until it is scrolled near. */
  lazy?: boolean;
};

/**
 * A part's photo in its 4:3 box: every size of the picture, with its width and height set so nothing
 * shifts while it loads. Name it after the part, the alternative text a screen reader says.
 */
export const ProductPhoto = ({ product, sizes, priority, lazy = false }: ProductPhotoProps) => (
  <img
    src={product.img}
    srcSet={photoSrcSet(product.img)}
    sizes={sizes}
    alt={product.name}
    width={640}
    height={480}
    {...(priority ? { fetchPriority: priority } : { loading: lazy ? 'lazy' : 'eager', decoding: 'async' })}
    className="size-full object-cover"
  />
);
