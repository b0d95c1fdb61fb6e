import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import { formatPrice } from '@forgeline/shared/money';
import { TaxTotals } from '@/components/ui/tax-totals';
import type { ReorderChange } from '@forgeline/shared/schemas/checkout';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart/api/get-cart';
import { EditableCartLines } from '@/features/cart/components/cart-lines';
import { usePunchoutSession } from '@/features/punchout/api/punchout';
import { TransferCart } from '@/features/punchout/components/transfer-cart';
import { ReorderChanges } from '@/features/checkout/components/reorder-changes';
import { EmptyState, QueryState } from '@/components/ui/query-state';

/** /cart: the signed-in buyer's server cart, each line priced and checked; on to checkout (or, in a punchout visit, back to procurement). */
const CartRoute = () => {
  const cart = useCart();
  // In a punchout visit the cart goes back to the procurement system instead (decision 0246).
  const punchout = usePunchoutSession().data?.active === true;
  // 'Order again' arrives here with what changed since the past order.
  const changes = (useLocation().state as { changes?: ReorderChange[] } | null)?.changes;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Cart</h1>
        <Link to={paths.quickOrder.getHref()} className="btn btn-sm btn-outline">
          Quick order
        </Link>
      </div>
      {changes?.length ? <ReorderChanges changes={changes} /> : null}
      <QueryState
        query={cart}
        subject="your cart"
        isEmpty={(data) => data.count === 0}
        empty={
          <EmptyState>
            <p>Your cart is empty.</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Link to={paths.home.getHref()} className="btn btn-primary btn-sm">
                Browse products
              </Link>
              <Link to={paths.quickOrder.getHref()} className="btn btn-outline btn-sm">
                Paste a parts list
              </Link>
            </div>
          </EmptyState>
        }
      >
        {(data) => {
          const blocked = data.lines.some((line) => line.problem !== null);
          return (
            <div className="flex flex-col gap-4">
              <EditableCartLines lines={data.lines} />
              {data.tax ? <TaxTotals total={data.total} tax={data.tax} testId="cart-gross" /> : null}
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-lg">
                  {data.count} {data.count === 1 ? 'line' : 'lines'}, {data.tax ? 'net' : 'total'}{' '}
                  <span className="font-bold" data-testid="cart-total">
                    $ {formatPrice(data.total)}
                  </span>
                </p>
                {blocked ? (
                  <p className="text-sm text-[#b91c1c]">
                    Correct the lines marked in red to {punchout ? 'transfer them' : 'check out'}.
                  </p>
                ) : punchout ? (
                  <TransferCart />
                ) : (
                  <Link to={paths.checkout.getHref()} className="btn btn-primary">
                    Checkout
                  </Link>
                )}
              </div>
            </div>
          );
        }}
      </QueryState>
    </div>
  );
};

export default CartRoute;
