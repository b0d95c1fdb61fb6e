import { ApiError } from '@/lib/api-client';

/** What a product page says when its product cannot be shown: gone from the catalogue, or not loaded. */
export const ProductLoadError = ({ error }: { error: Error }) => {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">
        {missing ? 'Product not found' : 'The product could not be loaded'}
      </h1>
      <p className="mt-3 text-base-content/80">
        {missing ? 'It may have been removed from the catalogue.' : 'Please try again in a moment.'}
      </p>
    </div>
  );
};
