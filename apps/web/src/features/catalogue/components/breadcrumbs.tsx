import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';

/** Catalogue › Bearings › Ball bearings: each level a link, the last one the page itself. */
export const Breadcrumbs = ({ trail }: { trail: readonly { slug: string; name: string }[] }) => (
  <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
    <ul>
      <li>
        <Link to={paths.search.getHref()}>Catalogue</Link>
      </li>
      {trail.map((crumb, index) =>
        index === trail.length - 1 ? (
          <li key={crumb.slug} aria-current="page">
            {crumb.name}
          </li>
        ) : (
          <li key={crumb.slug}>
            <Link to={paths.category.getHref(crumb.slug)}>{crumb.name}</Link>
          </li>
        ),
      )}
    </ul>
  </nav>
);
