import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { lazyRoute, type LazyRoute } from '@/lib/lazy-route';

/** What a route carries in its `handle`: how to load its module ahead of its render. */
type RouteHandle = { preload: LazyRoute['preload'] };

/** A lazily loaded route module (its own chunk): its default export is the route's component. */
export const lazyElement = (Route: LazyRoute): Pick<RouteObject, 'element' | 'handle'> => ({
  element: <Route />,
  handle: { preload: Route.preload } satisfies RouteHandle,
});

export const page = (load: () => Promise<{ default: ComponentType }>) => lazyElement(lazyRoute(load));

/** Loads the modules of the routes of `routes` matching `pathname`, all at once. */
export const preloadMatches = async (routes: RouteObject[], pathname: string, basename?: string) => {
  const matches = matchRoutes(routes, pathname, basename) ?? [];
  await Promise.all(matches.map(({ route }) => (route.handle as RouteHandle | undefined)?.preload()));
};
