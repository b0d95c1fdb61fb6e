import { use, type ComponentType } from 'react';

/** A lazily loaded route component that can also be loaded before it renders (`preload`). */
export type LazyRoute = ComponentType & {
  /** Loads the module once (later calls share the load); resolves when it is in, or has failed. */
  preload: () => Promise<void>;
};

/**
 * A route module in its own chunk (React's `lazy`, with a `preload`). Once the module is in, the route
 * renders at once: the server loads the matched routes before rendering (renderToString does not wait),
 * and the browser before its first render of a server-rendered page (no fallback in between). Until
 * then it suspends; a failed load is thrown for the error boundary (RouteErrorBoundary) to show.
 */
export function lazyRoute(load: () => Promise<{ default: ComponentType }>): LazyRoute {
  let Component: ComponentType | undefined;
  let failure: { error: unknown } | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => void (Component = module.default),
      (error: unknown) => void (failure = { error }),
    ));
  const Route = () => {
    if (!Component && !failure) use(preload());
    if (failure) throw failure.error;
    const Loaded = Component!;
    return <Loaded />;
  };
  return Object.assign(Route, { preload });
}
