import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A resolver for react-hook-form that can also start loading what it needs ahead of the first validation. */
export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  /** Starts loading zod and the schema (e.g. when the form gets focus); validation then answers at once. */
  preload: () => void;
};

/**
 * react-hook-form's zod resolver, with zod, the schema and the resolver loaded on the form's first
 * validation rather than with the route (docs/decisions/0042). react-hook-form's resolvers are async
 * anyway, so the form behaves as before and shows the schema's own messages; zod (about 24 KB gzip) and
 * the shared schemas stay out of every route's initial JavaScript.
 *
 * `load` must dynamic-import the module that defines or re-exports the schema (the feature's
 * `schemas.ts`), never import it statically: a static import anywhere in the route pulls zod back in.
 * A failed load (network) is retried at the next validation.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<z.ZodType<Output, Input>>,
): LazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const resolver = () => {
    loading ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as Resolver<Input, unknown, Output>,
    );
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  const resolve: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await resolver())(values, context, options);
  return Object.assign(resolve, {
    preload: () => {
      void resolver().catch(() => undefined);
    },
  });
}
