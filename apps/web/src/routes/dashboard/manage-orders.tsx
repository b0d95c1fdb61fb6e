import type { FormEvent } from 'react';
import { ORDERS_PAGE_SIZE, useSearchOrders, type OrderFilters } from '@/features/orders/api/search-orders';
import { LIMITS } from '@forgeline/shared/constants';
import { ManageOrdersTable } from '@/features/orders/components/manage-orders-table';
import { useOrderActions } from '@/features/orders/components/use-order-actions';
import { AdminListPage, addressPage, useAddressPage } from '@/components/ui/admin-list-page';
import { FilterSelect } from '@/components/ui/filter-select';
import { addressDays, DateRangeFilter } from '@/components/ui/date-range-filter';
import { useAddressFilters } from '@/lib/use-address-filters';
import { formText } from '@/lib/form-text';

const PAID = ['true', 'false'] as const;
const STATUSES = ['pending', 'shipped'] as const;

/** The filters as the address says them; anything a person could not have chosen is left out. */
function filtersOf(params: URLSearchParams): OrderFilters {
  const text = params.get('search')?.trim();
  const paid = params.get('paid');
  const status = params.get('status');
  return {
    ...(text && { search: text.slice(0, 200) }),
    ...(PAID.includes(paid as never) && { paid: paid as OrderFilters['paid'] }),
    ...(STATUSES.includes(status as never) && { status: status as OrderFilters['status'] }),
    ...addressDays(params),
    page: addressPage(params),
  };
}

/** GET /api/orders.csv with the list's filters (not its page): every matching order, streamed. */
function exportHref(filters: OrderFilters): string {
  const query = new URLSearchParams();
  for (const key of ['search', 'paid', 'status', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return `/api/orders.csv${text ? `?${text}` : ''}`;
}

/**
 * /dashboard/manageOrders, admins only (docs/product.md §2, §4): the orders to ship or cancel, a page at a
 * time, found by customer, e-mail, product or order number and filtered by payment, status and date.
 * The filters and the page live in the address, so Back, a reload or a shared link shows the same list.
 */
const ManageOrdersRoute = () => {
  const { params, setFilters: setFilter, clearFilters } = useAddressFilters<keyof OrderFilters>();
  const filters = filtersOf(params);
  const orders = useSearchOrders(filters);
  const { onCancel, onShip, busyId } = useOrderActions();

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilter({ search: formText(new FormData(event.currentTarget), 'search') });
  };

  const { page, pageCount, setPage, total, capped } = useAddressPage(
    params,
    setFilter,
    orders,
    ORDERS_PAGE_SIZE,
  );
  const filtered = Boolean(filters.search || filters.paid || filters.status || filters.from || filters.to);

  return (
    <AdminListPage
      title="Manage All Orders"
      count={{ value: total, capped, testId: 'orders-count' }}
      toolbar={
        <>
          {/* Keyed by the search in the address: Back, a link or 'Clear filters' puts its text in the box. */}
          <form key={filters.search ?? ''} onSubmit={onSearch} className="flex min-w-0 grow gap-2 sm:grow-0">
            <label className="sr-only" htmlFor="orders-search">
              Search orders
            </label>
            <input
              id="orders-search"
              type="search"
              className="input input-bordered min-w-0 grow sm:w-72"
              placeholder="Customer, e-mail, product or order id"
              name="search"
              maxLength={LIMITS.searchMax}
              defaultValue={filters.search ?? ''}
            />
            <button type="submit" className="btn btn-primary">
              Search
            </button>
          </form>
          <FilterSelect
            label="Payment"
            value={filters.paid}
            options={[
              ['true', 'Paid'],
              ['false', 'Unpaid'],
            ]}
            onChange={(paid) => setFilter({ paid })}
          />
          <FilterSelect
            label="Status"
            value={filters.status}
            options={[
              ['pending', 'Pending'],
              ['shipped', 'Shipped'],
            ]}
            onChange={(status) => setFilter({ status })}
          />
          <DateRangeFilter from={filters.from} to={filters.to} onChange={setFilter} />
          <a className="btn btn-outline" href={exportHref(filters)} download>
            Export CSV<span className="sr-only"> of the orders these filters match</span>
          </a>
        </>
      }
      toolbarLabel="Find orders"
      filtered={filtered}
      onClear={clearFilters}
      query={orders}
      subject="the orders"
      empty={filtered ? 'No order matches these filters.' : 'There are no orders yet.'}
      pager={{
        page,
        pageCount,
        capped,
        onPage: setPage,
        label: 'Pages of orders',
        testId: 'orders-page',
      }}
    >
      {(page) => (
        <ManageOrdersTable
          orders={page.data}
          firstNumber={(filters.page - 1) * ORDERS_PAGE_SIZE + 1}
          onCancel={(order) => void onCancel(order)}
          onShip={(order) => void onShip(order)}
          busyId={busyId}
        />
      )}
    </AdminListPage>
  );
};

export default ManageOrdersRoute;
