import { useParams } from 'react-router';
import { CataloguePage } from '@/features/catalogue/components/catalogue-page';

/** /category/:slug and /search: a category's parts, or a search's, with filters in the address. */
const CatalogueRoute = () => {
  const { slug } = useParams();
  return <CataloguePage key={slug ?? ''} slug={slug ?? null} />;
};

export default CatalogueRoute;
