import { Outlet } from 'react-router';
import { useScrollRestoration } from '@/lib/use-scroll-restoration';
import { Navbar } from './navbar';
import { Footer } from './footer';

/** The frame of every page: skip link, header with navigation, main content, footer. */
export const RootLayout = () => {
  useScrollRestoration();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-base-100 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
};

/** Shown while the first route module loads: the same frame, an empty main of screen height. */
export const RootFallback = () => (
  <div className="flex min-h-dvh flex-col">
    <Navbar />
    <main id="main" className="min-h-dvh flex-1" aria-busy="true" />
    <Footer />
  </div>
);
