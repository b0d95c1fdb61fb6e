import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { formatPrice, sumDollars } from '@forgeline/shared/money';
import { OVERVIEW_PERIODS } from '@forgeline/shared/schema-constants';
import type { Overview } from '@forgeline/shared/schemas/overview';
import { dashboardPaths } from '@/config/dashboard-paths';
import { Loading } from '@/components/ui/spinner';

// The charting library is this panel's alone: it loads after the figures, never with another page.
const RevenueChart = lazy(() => import('./revenue-chart'));

const Figure = ({
  label,
  value,
  detail,
  to,
}: {
  label: string;
  value: string;
  detail?: string;
  to?: string;
}) => (
  <div className="rounded-box border border-base-300 bg-base-100 p-4" data-testid="overview-figure">
    <dt className="text-sm font-semibold text-base-content/70">{label}</dt>
    <dd className="pt-1 text-2xl font-extrabold">
      {to ? (
        <Link className="link link-hover" to={to}>
          {value}
        </Link>
      ) : (
        value
      )}
    </dd>
    {detail ? <dd className="text-sm text-base-content/70">{detail}</dd> : null}
  </div>
);

const Card = ({ title, children }: { title: string; children: ReactNode }) => (
  <section aria-label={title} className="rounded-box border border-base-300 bg-base-100 p-4">
    <h3 className="mb-2 text-lg font-bold">{title}</h3>
    {children}
  </section>
);

const usd = (dollars: number) => `$ ${formatPrice(dollars)}`;
const pieces = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'piece' : 'pieces'}`;

type OverviewPanelProps = { overview: Overview; days: number; onDays: (days: number) => void };

const REVENUE_LABELS = {
  today: 'Paid revenue today',
  last7Days: 'Paid revenue, last 7 days',
  last30Days: 'Paid revenue, last 30 days',
} as const;

/** Revenue is net; beside it, the tax collected with it and the gross, when the shop charges tax. */
const taxDetail = (net: number, tax: number | undefined) =>
  tax === undefined ? undefined : `net; tax ${usd(tax)}, gross ${usd(sumDollars(net, tax))}`;

/** The admin's first dashboard page: figures from the database, revenue per day, top and low products. */
export const OverviewPanel = ({ overview, days, onDays }: OverviewPanelProps) => {
  const manageOrders = dashboardPaths.manageOrders.getHref();
  const periodTotal = overview.daily.reduce((sum, d) => sum + d.revenue, 0);
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Figures">
        {(['today', 'last7Days', 'last30Days'] as const).map((period) => (
          <Figure
            key={period}
            label={REVENUE_LABELS[period]}
            value={usd(overview.revenue[period])}
            detail={taxDetail(overview.revenue[period], overview.revenue.tax?.[period])}
          />
        ))}
        <Figure
          label="Orders waiting to ship"
          value={String(overview.toShip.orders)}
          detail={`${usd(overview.toShip.value)} paid`}
          to={`${manageOrders}?paid=true&status=pending`}
        />
        <Figure
          label="Unpaid orders"
          value={String(overview.unpaid.orders)}
          detail={`${usd(overview.unpaid.value)}, holding ${pieces(overview.unpaid.heldPieces)} of stock`}
          to={`${manageOrders}?paid=false`}
        />
        <Figure
          label="Products low on stock"
          value={String(overview.lowStock.count)}
          detail="less than one minimum order (or 10 pieces) left"
        />
      </dl>

      <Card title="Paid revenue per day">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-base-content/70">
            {usd(periodTotal)} over the last {days} days (UTC days)
          </p>
          <div role="group" aria-label="Period" className="join">
            {OVERVIEW_PERIODS.map((period) => (
              <button
                key={period}
                type="button"
                className={`btn btn-sm join-item ${period === days ? 'btn-primary' : ''}`}
                aria-pressed={period === days}
                onClick={() => onDays(period)}
              >
                {period} days
              </button>
            ))}
          </div>
        </div>
        <Suspense fallback={<Loading label="Loading the chart" className="h-64" />}>
          <RevenueChart daily={overview.daily} />
        </Suspense>
        <details className="pt-2 text-sm">
          <summary className="cursor-pointer">The figures of each day</summary>
          <ul className="columns-2 pt-1 sm:columns-3" aria-label="Paid revenue per day">
            {overview.daily.map((d) => (
              <li key={d.day}>
                {d.day}: {usd(d.revenue)}
              </li>
            ))}
          </ul>
        </details>
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={`Top products, last ${days} days`}>
          {overview.topProducts.length === 0 ? (
            <p>No paid order in this period.</p>
          ) : (
            <ol className="flex flex-col gap-1" aria-label="Top products">
              {overview.topProducts.map((p) => (
                <li key={p.name} className="flex flex-wrap justify-between gap-x-3">
                  <span className="font-medium">{p.name}</span>
                  <span>
                    {usd(p.revenue)} · {pieces(p.pieces)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Card>
        <Card title="Low on stock">
          {overview.lowStock.products.length === 0 ? (
            <p>Every product has at least one minimum order in stock.</p>
          ) : (
            <ul className="flex flex-col gap-1" aria-label="Products low on stock">
              {overview.lowStock.products.map((p) => (
                <li key={p._id} className="flex flex-wrap justify-between gap-x-3">
                  <span className="font-medium">{p.name}</span>
                  <span>
                    {pieces(p.available)} left · minimum order {p.minOrder}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
};
