import { Navigate, useLocation, useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { formatPrice } from '@forgeline/shared/money';
import { messages } from '@forgeline/shared/messages';
import { isOnRequest } from '@forgeline/shared/pricing';
import { ProductPhoto } from '@/features/products/components/product-photo';
import { otherMeta } from '@/config/meta/others';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/config/paths';
import { dashboardPaths } from '@/config/dashboard-paths';
import { useSession } from '@/lib/auth';
import { useProduct } from '@/features/products/api/get-product';
import { ProductLoadError } from '@/features/products/components/product-load-error';
import { useUserInfo } from '@/features/users/api/get-user-info';
import { useCompanyDelivery } from '@/features/company/api/use-company-delivery';
import { PlaceOrderForm } from '@/features/orders/components/place-order-form';
import { Loading } from '@/components/ui/spinner';
import { Alert } from '@/components/ui/alert';
import { QuantityRules } from '@/components/pricing/quantity-rules';

// As tall as the screen below the header: the footer stays out of sight until the form arrives, so
// nothing on screen moves when it does (it moved by half a screen: a layout shift).
const Spinner = ({ label }: { label: string }) => (
  <Loading label={label} className="min-h-[calc(100dvh-4rem)]" />
);

/**
 * /purchase/:id (docs/product.md §2, §5): the product's facts, a live total and the order form. Login
 * required. The product (public) shows as soon as it is in; the form waits for the session and profile.
 */
const PurchaseRoute = () => {
  const { id = '' } = useParams();
  const location = useLocation();
  const { user, isPending: sessionPending } = useSession();
  const product = useProduct(id);
  const profile = useUserInfo(user?.email);
  // Whether the member's company role places orders (finance does not): the form says so before they
  // fill it in. Until the company is in, the form is as for everyone (the server still refuses).
  const company = useCompanyDelivery();
  usePageMeta(otherMeta.purchase(product.data?.name));

  if (!sessionPending && !user) return <Navigate to={paths.auth.login.getHref(location.pathname)} replace />;
  if (product.isPending) return <Spinner label="Loading the product" />;
  if (product.isError) return <ProductLoadError error={product.error} />;

  const item = product.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Purchase</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <article
          className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm"
          aria-labelledby="purchase-product"
        >
          <figure className="aspect-[4/3] bg-base-200">
            <ProductPhoto product={item} sizes="(min-width: 1024px) 48vw, 100vw" priority="high" />
          </figure>
          <div className="card-body gap-3 p-5 sm:p-6">
            <h2 id="purchase-product" className="card-title text-2xl">
              {item.name}
            </h2>
            <p className="text-2xl font-bold text-primary">$ {formatPrice(item.price)} / piece</p>
            <QuantityRules product={item} />
            <p className="text-sm text-base-content/80">{item.description}</p>
          </div>
        </article>

        <section
          aria-labelledby="order-form-title"
          className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6"
        >
          <h2 id="order-form-title" className="mb-4 text-xl font-bold">
            Place your order
          </h2>
          {/* On request (decision 0188): the stock is below the minimum order, so no quantity can be
              ordered from the shelf; the buyer asks for a quote instead of filling a form that must fail. */}
          {item.discontinued ? (
            <Alert className="mb-4 rounded-box bg-base-200 p-3">
              <span className="font-semibold">Discontinued.</span> This part can no longer be ordered.{' '}
              {item.replacedBy ? (
                <Link to={paths.product.getHref(item.replacedBy._id)} className="link font-semibold">
                  Replaced by {item.replacedBy.name}
                </Link>
              ) : null}
            </Alert>
          ) : isOnRequest(item) ? (
            <Alert className="mb-4 rounded-box bg-base-200 p-3">
              <span className="font-semibold">On request.</span> {messages.quantityAboveAvailable} Only{' '}
              {item.availableQuantiity} pcs are left, below the minimum order of {item.minOrder} pcs. Ask for
              a quote and we will tell you when and at what price we can make them.{' '}
              <Link to={dashboardPaths.requestQuote.getHref()} className="link font-semibold">
                Request a quote
              </Link>
            </Alert>
          ) : !user || profile.isPending ? (
            <Loading label="Loading your profile" className="min-h-[24rem]" />
          ) : (
            <PlaceOrderForm
              product={item}
              user={{ name: user.name, email: user.email }}
              contact={{
                address: profile.data?.userInfo.address ?? null,
                phone: profile.data?.userInfo.phone ?? null,
              }}
              onProductChanged={() => void product.refetch()}
              cannotOrder={!company.canOrder}
            />
          )}
        </section>
      </div>
    </div>
  );
};

export default PurchaseRoute;
