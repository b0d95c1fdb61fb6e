import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider';
import { AppRoutes } from './router';
import { RootFallback } from '@/components/layout/root-layout';
import { RouteErrorBoundary } from '@/components/layout/route-error';
import { SERVER_STATE_ID } from '@/lib/server-state';

/**
 * The SPA (React Router's declarative mode, docs/decisions/0046). The server renders this same tree with
 * its own router (entry-server.tsx), so that the browser can hydrate the server's markup instead of
 * replacing it (docs/decisions/0048): the two must stay alike, component for component. main.tsx may
 * hand in the query cache it prepared (a page the server rendered). Until the first page's code is in,
 * the site's frame shows.
 */
export const App = ({
  queryClient,
  Router = BrowserRouter,
}: {
  queryClient?: QueryClient;
  Router?: ComponentType<{ children: ReactNode }>;
}) => {
  useEffect(() => {
    // The server's page is the app's now: its data script has served (and its absence says the SPA is
    // up), and its forms, inert until the app could handle them, are live.
    document.getElementById(SERVER_STATE_ID)?.remove();
    for (const form of document.querySelectorAll('#root form[inert]')) form.removeAttribute('inert');
  }, []);
  return (
    <AppProvider queryClient={queryClient}>
      <Router>
        <RouteErrorBoundary>
          <Suspense fallback={<RootFallback />}>
            <AppRoutes />
          </Suspense>
        </RouteErrorBoundary>
      </Router>
    </AppProvider>
  );
};
