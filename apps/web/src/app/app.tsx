import { Suspense, useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider';
import { AppRoutes } from './router';
import { RootFallback } from '@/components/layout/root-layout';
import { RouteErrorBoundary } from '@/components/layout/route-error';
import { SERVER_STATE_ID } from '@/lib/server-state';

/**
 * The SPA (React Router's declarative mode, docs/decisions/0046). main.tsx may hand in the query cache it
 * prepared (a page the server rendered). Until the first page's code is in, the site's frame shows.
 */
export const App = ({ queryClient }: { queryClient?: QueryClient }) => {
  // The server's page is replaced now: its data script has served (and its absence says the SPA is up).
  useEffect(() => document.getElementById(SERVER_STATE_ID)?.remove(), []);
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <RouteErrorBoundary>
          <Suspense fallback={<RootFallback />}>
            <AppRoutes />
          </Suspense>
        </RouteErrorBoundary>
      </BrowserRouter>
    </AppProvider>
  );
};
