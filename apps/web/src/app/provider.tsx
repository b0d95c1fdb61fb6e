import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from '@forgeline/shared/constants';
import { createQueryClient } from '@/lib/query-client';
import { connectAuth } from '@/lib/auth';
import { useToastsWanted } from '@/lib/toast';

/** react-toastify's container, in its own chunk: toasts raised before it mounts are queued by the library. */
const ToastContainer = lazy(async () => ({ default: (await import('react-toastify')).ToastContainer }));

/** Mounts the toast container with the first toast, so a page that raises none never loads it. */
const LazyToasts = () => {
  if (!useToastsWanted()) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} />
    </Suspense>
  );
};

/** App-wide providers: the query cache (with identity wired to it) and the one toast container. */
export const AppProvider = ({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient | undefined;
}) => {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useEffect(() => connectAuth(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToasts />
    </QueryClientProvider>
  );
};
