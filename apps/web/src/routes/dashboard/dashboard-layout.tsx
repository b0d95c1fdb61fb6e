import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { DashboardRoutes } from '@/app/dashboard-routes';
import { DashboardSidebar } from '@/components/layout/dashboard-sidebar';
import { StrokeIcon } from '@/components/ui/stroke-icon';
import { useIsAdmin } from '@/lib/auth';
import { otherMeta } from '@/config/meta/others';
import { usePageMeta } from '@/lib/page-meta';

/** The tab's title of each dashboard page: the sidebar's label, keyed by the path's segment. */
const SECTIONS: Record<string, string> = {
  myProfile: 'My Profile',
  payment: 'Payment',
  review: 'My Reviews',
  myOrders: 'My Orders',
  makeAdmin: 'Make Admin',
  addProduct: 'Add Product',
  manageProducts: 'Manage Products',
  manageOrders: 'Manage All Orders',
  returns: 'Returns',
  order: 'Order',
  overview: 'Overview',
  messages: 'Messages',
  myQuotes: 'My Quotes',
  requestQuote: 'Request a quote',
  myInvoices: 'My Invoices',
  company: 'Company',
  quotes: 'Quotes',
  companies: 'Companies',
  companyApplications: 'Business applications',
  priceLists: 'Price lists',
  customerGroups: 'Customer groups',
  categories: 'Categories',
  delivery: 'Delivery',
};

/**
 * /dashboard (docs/product.md §2): the sidebar and the nested route. On phones the sidebar is a drawer behind a
 * menu button; from md up it sits beside the content. RequireAuth (router) guards the whole dashboard.
 */
const DashboardLayout = () => {
  const { isAdmin, isPending } = useIsAdmin();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const segment = useLocation().pathname.split('/')[2] ?? '';
  usePageMeta(
    otherMeta.dashboard(SECTIONS[segment || (isAdmin ? 'overview' : 'myProfile')] ?? SECTIONS.myProfile!),
  );

  // The drawer closes when a link is followed (onNavigate) and on Escape; focus goes to its close button.
  useEffect(() => {
    if (!drawerOpen) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 md:grid-cols-[14rem_minmax(0,1fr)] md:py-10">
      <aside className="hidden md:block">
        <div className="sticky top-20">
          <DashboardSidebar isAdmin={isAdmin} isPending={isPending} />
        </div>
      </aside>

      <div className="min-w-0">
        <div className="mb-6 flex items-center justify-between gap-4">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Dashboard</h1>
          <button
            type="button"
            className="btn btn-outline btn-sm shrink-0 md:hidden"
            aria-expanded={drawerOpen}
            aria-controls={drawerId}
            onClick={() => setDrawerOpen(true)}
          >
            <StrokeIcon path="M4 7h16M4 12h16M4 17h16" />
            Dashboard menu
          </button>
        </div>
        <DashboardRoutes />
      </div>

      {/* Phones: the sidebar as a drawer from the left. */}
      <div id={drawerId} className={`fixed inset-0 z-50 md:hidden ${drawerOpen ? '' : 'hidden'}`}>
        <button
          type="button"
          className="absolute inset-0 h-full w-full cursor-default bg-black/40"
          aria-label="Close dashboard menu"
          tabIndex={-1}
          onClick={() => setDrawerOpen(false)}
        />
        <div
          role="dialog"
          aria-modal="true"
          aria-label="Dashboard menu"
          className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col gap-3 bg-base-100 p-4 shadow-xl"
        >
          <div className="flex items-center justify-between">
            <p className="text-lg font-bold">Dashboard</p>
            <button
              ref={closeRef}
              type="button"
              className="btn btn-ghost btn-sm btn-square"
              aria-label="Close dashboard menu"
              onClick={() => setDrawerOpen(false)}
            >
              <StrokeIcon path="M6 6l12 12M18 6L6 18" />
            </button>
          </div>
          {drawerOpen ? (
            <DashboardSidebar
              isAdmin={isAdmin}
              isPending={isPending}
              onNavigate={() => setDrawerOpen(false)}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
};

export default DashboardLayout;
