import { useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';
import { createAppRouter } from './router';
import { SERVER_STATE_ID } from '@/lib/server-state';

type AppRouter = ReturnType<typeof createAppRouter>;

/** The SPA. main.tsx may hand in a router and query cache it prepared (a page the server rendered). */
export const App = ({ router: given, queryClient }: { router?: AppRouter; queryClient?: QueryClient }) => {
  const [router] = useState(() => given ?? createAppRouter());
  // The server's page is replaced now: its data script has served (and its absence says the SPA is up).
  useEffect(() => document.getElementById(SERVER_STATE_ID)?.remove(), []);
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
};
