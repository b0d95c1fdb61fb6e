import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { Footer } from './footer';
import { Navbar } from './navbar';

/** What browsers say when a lazily loaded module (a chunk) cannot be fetched: Chromium, Firefox, Safari, Vite. */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk/i;

/**
 * The chunk a failed lazy load was for, named as the spec's message wants it ('Loading chunk {n}
 * failed', docs/product.md §8): the file name without its hash (`/assets/blogs-DasjPviX.js` → `blogs`), or
 * null when the error is not a failed chunk load. Safari names no file: then the chunk is 'of this page'.
 */
export const failedChunkName = (error: unknown): string | null => {
  if (!(error instanceof Error) || !CHUNK_LOAD_FAILURE.test(error.message)) return null;
  const file = /\/([\w.-]+?)(?:-[\w-]{8})?\.(?:m?js|css)\b/.exec(error.message)?.[1];
  return file ?? 'of this page';
};

/**
 * What the error boundary of the routes shows, inside the site's frame (navigation and footer stay
 * usable). A failed chunk load (offline, or a new release replaced the files) shows the spec's message
 * and a retry, which reloads the page: the browser remembers a failed module import until then.
 */
export const RouteError = ({ error }: { error: unknown }) => {
  const chunk = failedChunkName(error);
  const title = chunk ? `Loading chunk ${chunk} failed` : 'Something went wrong';
  const message = chunk
    ? 'Part of this page could not be downloaded. Check your connection, then try again.'
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';

  return (
    <div className="flex min-h-dvh flex-col">
      <Navbar />
      <main
        id="main"
        className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center"
      >
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="text-base-content/80">{message}</p>
        <div className="flex gap-2">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            {chunk ? 'Try again' : 'Reload the page'}
          </button>
          <Link to={paths.home.getHref()} className="btn btn-outline">
            Go home
          </Link>
        </div>
      </main>
      <Footer />
    </div>
  );
};

type BoundaryProps = { location: Location; children: ReactNode };
type BoundaryState = { location: Location; error?: { value: unknown } | undefined };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location };

  static getDerivedStateFromError(value: unknown): Partial<BoundaryState> {
    return { error: { value } };
  }

  /** Another address is another page: the error was that page's. */
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.location === state.location ? null : { location: props.location, error: undefined };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error.value} /> : this.props.children;
  }
}

/**
 * The error boundary of every route (a render error, or a route's chunk that failed to load): shows
 * RouteError in place of the page until the address changes.
 */
export const RouteErrorBoundary = ({ children }: { children: ReactNode }) => (
  <Boundary location={useLocation()}>{children}</Boundary>
);
