import { Navigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { useCart } from '@/features/cart/api/get-cart';
import { CartLines } from '@/features/cart/components/cart-lines';
import { usePlaceCheckout } from '@/features/checkout/api/place-checkout';
import { CheckoutForm } from '@/features/checkout/components/checkout-form';
import { useUserInfo } from '@/features/users/api/get-user-info';
import { useMyTerms } from '@/features/payment-terms/api/terms';
import { useCompanyDelivery } from '@/features/company/api/use-company-delivery';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/spinner';

/** /checkout: the cart's lines at tier prices, one address, phone and PO reference. */
const CheckoutRoute = () => {
  const { user } = useSession();
  const cart = useCart();
  const profile = useUserInfo(user?.email);
  const place = usePlaceCheckout();
  const terms = useMyTerms();
  const company = useCompanyDelivery();

  if (cart.isPending || profile.isPending || company.isPending)
    return <Loading label="Loading your cart" className="min-h-[calc(100dvh-4rem)]" />;
  if (cart.isError) return <Alert className="m-8">Your cart could not be loaded.</Alert>;
  // An empty cart has nothing to check out, unless it was just emptied by placing this checkout.
  if (cart.data.count === 0 && place.isIdle) return <Navigate to={paths.cart.getHref()} replace />;
  const info = profile.data?.userInfo;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Checkout</h1>
        <Link to={paths.cart.getHref()} className="btn btn-sm btn-outline">
          Back to cart
        </Link>
      </div>
      <CheckoutForm
        cart={cart.data}
        place={place}
        terms={terms.data}
        book={company.book}
        cannotOrder={!company.canOrder}
        renderLines={(lineErrors) => <CartLines lines={cart.data.lines} lineErrors={lineErrors} />}
        contact={{
          ...(info?.address && { address: info.address }),
          ...(info?.phone && { phone: info.phone }),
        }}
      />
    </div>
  );
};

export default CheckoutRoute;
