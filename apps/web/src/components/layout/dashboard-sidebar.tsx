import { NavLink } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { dashboardPaths } from '@/config/dashboard-paths';

type SidebarProps = {
  isAdmin: boolean;
  /** While the admin status is not known yet, only My Profile shows. */
  isPending?: boolean;
  /** Called after a link is followed (the phone drawer closes). */
  onNavigate?: () => void;
};

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-primary text-primary-content' : 'text-base-content hover:bg-base-300'
  }`;

/** Dashboard sidebar (docs/product.md §2): My Profile for all; orders and reviews for customers; admin tools for admins. */
export const DashboardSidebar = ({ isAdmin, isPending = false, onNavigate }: SidebarProps) => {
  const d = { ...dashboardPaths, root: paths.dashboard.root };
  const items = [
    { label: 'My Profile', to: d.myProfile.getHref() },
    ...(isPending
      ? []
      : isAdmin
        ? [
            { label: 'Overview', to: d.overview.getHref() },
            { label: 'Make Admin', to: d.makeAdmin.getHref() },
            { label: 'Add Product', to: d.addProduct.getHref() },
            { label: 'Manage Products', to: d.manageProducts.getHref() },
            { label: 'Categories', to: d.categories.getHref() },
            { label: 'Manage All Orders', to: d.manageOrders.getHref() },
            { label: 'Back-orders', to: d.backorders.getHref() },
            { label: 'Returns', to: d.returns.getHref() },
            { label: 'Invoices on terms', to: d.termsInvoices.getHref() },
            { label: 'Audit log', to: d.audit.getHref() },
            { label: 'Messages', to: d.messages.getHref() },
            { label: 'Quotes', to: d.quotes.getHref() },
            { label: 'Companies', to: d.companies.getHref() },
            { label: 'Price lists', to: d.priceLists.getHref() },
            { label: 'Customer groups', to: d.customerGroups.getHref() },
            { label: 'Tax', to: d.tax.getHref() },
            { label: 'Delivery', to: d.delivery.getHref() },
            { label: 'API keys', to: d.apiKeys.getHref() },
            { label: 'Webhooks', to: d.webhooks.getHref() },
            { label: 'Business applications', to: d.companyApplications.getHref() },
          ]
        : [
            { label: 'My Orders', to: d.myOrders.getHref() },
            // One tap to paste part numbers and quantities (beyond the spec's items, which stay as named).
            { label: 'Quick order', to: paths.quickOrder.getHref() },
            { label: 'My Reviews', to: d.review.getHref() },
            { label: 'My Quotes', to: d.myQuotes.getHref() },
            { label: 'My Invoices', to: d.myInvoices.getHref() },
            { label: 'Company', to: d.company.getHref() },
          ]),
  ];

  return (
    <nav aria-label="Dashboard" className="rounded-box bg-base-200 p-3" aria-busy={isPending}>
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={itemClass} onClick={onNavigate}>
              {item.label}
            </NavLink>
          </li>
        ))}
        {isPending ? (
          <li className="px-3 py-2" aria-hidden="true">
            <span className="loading loading-dots loading-sm text-base-content/60" />
          </li>
        ) : null}
      </ul>
    </nav>
  );
};
