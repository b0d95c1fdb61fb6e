import { useSyncExternalStore } from 'react';

/**
 * The app's toasts, with react-toastify (about 9 KB gzip with its styles) loaded on the first toast rather
 * than with every page that can raise one (docs/decisions/0042). A toast answers an action that already
 * waited for the network, so the few milliseconds of loading are not seen. The container is mounted by
 * the first toast too (app/provider.tsx): a first view that raises none fetches none of it (decision
 * 0251), and react-toastify queues a toast raised before its container is there.
 */
type Kind = 'success' | 'error' | 'info';

let wanted = false;
const listeners = new Set<() => void>();

/** True once any toast was raised: the provider mounts the container from then on. */
export const useToastsWanted = (): boolean =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );

const show =
  (kind: Kind) =>
  (message: string): void => {
    if (!wanted) {
      wanted = true;
      for (const listener of listeners) listener();
    }
    void import('react-toastify').then(({ toast: library }) => library[kind](message));
  };

export const toast = { success: show('success'), error: show('error'), info: show('info') };
