import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '@/config/paths';

/** Error boundary of the root route: a failed chunk load or a render error, with a way out. */
export const RouteError = () => {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';

  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="text-base-content/80">{message}</p>
      <div className="flex gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link to={paths.home.getHref()} className="btn btn-outline">
          Go home
        </Link>
      </div>
    </main>
  );
};
