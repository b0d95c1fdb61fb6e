/**
 * The app's toasts, with react-toastify (about 9 KB gzip with its styles) loaded on the first toast rather
 * than with every page that can raise one (docs/decisions/0042). A toast answers an action that already
 * waited for the network, so the few milliseconds of loading are not seen; the container is mounted when
 * the page is idle (app/provider.tsx), and react-toastify queues toasts raised before it is there.
 */
type Kind = 'success' | 'error' | 'info';

const show =
  (kind: Kind) =>
  (message: string): void => {
    void import('react-toastify').then(({ toast: library }) => library[kind](message));
  };

export const toast = { success: show('success'), error: show('error'), info: show('info') };
