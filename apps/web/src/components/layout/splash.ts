import { SPLASH_MS } from '@forgeline/shared/constants';

/** sessionStorage flag: the splash of index.html shows once per visit (tab session). */
export const SPLASH_SEEN_KEY = 'forgeline:splash-seen';

const markSeen = () => {
  try {
    window.sessionStorage.setItem(SPLASH_SEEN_KEY, '1');
  } catch {
    // storage disabled: the splash then shows on every load, which is harmless
  }
};

const wasSeen = (): boolean => {
  try {
    return window.sessionStorage.getItem(SPLASH_SEEN_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * The splash is static markup in index.html, painted before any JavaScript (docs/product.md §2: a full-screen
 * splash for 3 seconds). This removes it SPLASH_MS after page start (performance.now() counts from
 * navigation start), or at once on later loads in the same tab session. Call once, before rendering.
 */
export const scheduleSplashRemoval = () => {
  const splash = document.getElementById('splash');
  if (!splash) return;
  const remove = () => {
    splash.classList.add('splash-hidden');
    window.setTimeout(() => splash.remove(), 400);
  };
  if (wasSeen()) {
    splash.remove();
    return;
  }
  markSeen();
  window.setTimeout(remove, Math.max(0, SPLASH_MS - performance.now()));
};
