import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { otherMeta } from '@/config/meta/others';
import { usePageMeta } from '@/lib/page-meta';
import notFoundImage from '@/assets/not-found.svg';

/** * (docs/product.md §2): the 404 image page, with a way home. */
const NotFoundRoute = () => {
  usePageMeta(otherMeta.notFound);
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-14 text-center sm:py-20">
      <img
        src={notFoundImage}
        alt="A gear in place of the zero of 404, with a wrench beside it"
        width={480}
        height={320}
        className="h-auto w-full max-w-md"
      />
      <h1 className="mt-8 text-3xl font-extrabold tracking-tight sm:text-4xl">Page not found</h1>
      <p className="mt-3 text-base-content/80">
        The page you are looking for does not exist or has been moved.
      </p>
      <Link to={paths.home.getHref()} className="btn btn-primary mt-6">
        Back to home
      </Link>
    </div>
  );
};

export default NotFoundRoute;
