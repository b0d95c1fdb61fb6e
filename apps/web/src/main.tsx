import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { preloadRoute } from '@/app/router';
import { scheduleSplashRemoval } from '@/components/layout/splash';
import { createQueryClient } from '@/lib/query-client';
import { SERVER_STATE_ID, type ServerState } from '@/lib/server-state';
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

/** After the browser has painted what it has (a macrotask after the next frame). */
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => window.setTimeout(resolve, 0)));

/**
 * A page the server rendered (docs/decisions/0040) arrives with the data it was rendered from. The SPA
 * takes that data and waits for the route's code before its first render, which then shows the same
 * page and replaces the server's markup in one step: no empty frame, no loading state in between.
 * That render waits for the server's page to be painted, and yields to the browser as it goes (a
 * transition): the page is on screen and answers input while React builds its copy.
 */
const start = async () => {
  if (!serverState?.textContent) {
    createRoot(root).render(app);
    return;
  }
  try {
    // Set now, so fresh for the cache's staleTime: no refetch on mount, whatever the server's clock says.
    for (const { queryKey, data } of JSON.parse(serverState.textContent) as ServerState)
      queryClient.setQueryData(queryKey, data);
  } catch {
    // unreadable: the page fetches its data itself
  }
  await routeLoaded;
  await afterPaint();
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(app));
};
void start();
