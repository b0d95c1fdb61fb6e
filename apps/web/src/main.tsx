import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { preloadRoute } from '@/app/router';
import { scheduleSplashRemoval } from '@/components/layout/splash';
import { createQueryClient } from '@/lib/query-client';
import { ApiError } from '@/lib/api-client';
import { SERVER_STATE_ID, setFailedQuery, type ServerState } from '@/lib/server-state';
import './index.css';

// zod (loaded with the forms) probes `new Function` to compile fast parsers, which our CSP forbids and
// reports. Its global config lives on globalThis, so we can turn the probe off without loading zod here.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

scheduleSplashRemoval();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const serverState = document.getElementById(SERVER_STATE_ID);
// The first page's route modules (its guards and layouts too), asked for at once; a failed load shows
// its error when the route renders.
const routeLoaded = preloadRoute(window.location.pathname);

const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

/** The data the server rendered its page from; null on a page it did not render (or an unreadable one). */
const readServerState = (): ServerState | null => {
  if (!serverState?.textContent) return null;
  try {
    return JSON.parse(serverState.textContent) as ServerState;
  } catch {
    return null;
  }
};

/** After the browser has painted what it has (a macrotask after the next frame). */
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => window.setTimeout(resolve, 0)));

/**
 * A page the server rendered (docs/decisions/0040) arrives with the data it was rendered from. The SPA
 * puts that data in its cache and waits for the route's code, then hydrates the server's markup: the
 * same tree (app.tsx) renders the same page, so React adopts the elements already on screen instead of
 * building and laying out a copy (docs/decisions/0048). The hydration waits for the server's page to be
 * painted and yields to the browser as it goes (a transition): the page answers input meanwhile. Should
 * the markup differ after all, React renders that part afresh, as the app did before. Without readable
 * data (no server render) the app renders from scratch.
 */
const start = async () => {
  const state = readServerState();
  if (!state) {
    createRoot(root).render(app);
    return;
  }
  for (const entry of state) {
    // Set now, so fresh for the cache's staleTime: no refetch on mount, whatever the server's clock says.
    if ('data' in entry) queryClient.setQueryData(entry.queryKey, entry.data);
    else {
      const { status, message, code } = entry.error;
      setFailedQuery(queryClient, entry.queryKey, new ApiError(status, message, code));
    }
  }
  await routeLoaded;
  await afterPaint();
  startTransition(() => {
    hydrateRoot(root, app);
  });
};
void start();
