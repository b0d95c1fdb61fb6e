import { useEffect, useLayoutEffect, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'forgeline-scroll-positions';

/** Where each history entry (by its location key) was scrolled to, kept for a reload in this tab. */
let positions: Record<string, number> | undefined;
const savedPositions = () => {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
};

/** Navigation state that asks to keep the scroll position (a search that rewrites the address). */
export const KEEP_SCROLL = { keepScroll: true } as const;
const keepsScroll = (state: unknown) =>
  typeof state === 'object' && state !== null && 'keepScroll' in state && state.keepScroll === true;

const scrollToHash = (hash: string) => {
  if (!hash) return false;
  try {
    const element = document.getElementById(decodeURIComponent(hash.slice(1)));
    element?.scrollIntoView();
    return element !== null;
  } catch {
    return false; // not a decodable id
  }
};

/**
 * What React Router's <ScrollRestoration> did in its data router: a new page (a link, a redirect)
 * starts at its top, or at the element its #hash names; Back and Forward return to where that page was
 * scrolled; a reload of the tab too (positions are kept in sessionStorage). A navigation whose state is
 * KEEP_SCROLL stays where it is. The first page is left where it is (a server-rendered page the visitor
 * may already have scrolled). Used once, by the root layout.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()));
      } catch {
        // storage full or refused: positions are kept for this page's life only
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // The page the tab opened on (or reloaded): left where it is unless a position was saved for it.
  const [firstLocation] = useState(location);
  useLayoutEffect(() => {
    const saved = savedPositions()[location.key];
    if (action === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (scrollToHash(location.hash)) {
      // at the element the address names
    } else if (location !== firstLocation && !(action !== 'POP' && keepsScroll(location.state)))
      window.scrollTo(0, 0);
    // Positions are recorded as the page scrolls: when the next page comes in, this one's is saved.
    const record = () => (savedPositions()[location.key] = window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [location, action, firstLocation]);
}
