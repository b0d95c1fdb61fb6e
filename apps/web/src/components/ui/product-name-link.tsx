import { paths } from '@/config/paths';
import { Link } from './link';

/** A part's name as the link to its page, in the catalogue's rows and the home page's cards. */
export const ProductNameLink = ({ product }: { product: { _id: string; name: string } }) => (
  <Link to={paths.product.getHref(product._id)} className="link-hover">
    {product.name}
  </Link>
);
