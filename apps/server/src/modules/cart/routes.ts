import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AddCartLinesBodySchema, CartSchema, SetCartLineBodySchema } from '@forgeline/shared/schemas/cart';
import { currentUser } from '../../plugins/app/auth.ts';
import { addCartLines, clearCart, getCart, removeCartLine, setCartLine } from './service.ts';
import { okResponses } from '../../lib/route-schemas.ts';

const LineParams = z.object({ productId: z.string().max(100) });

/** The signed-in buyer's cart (docs/architecture.md §9). Every answer is the whole cart, priced and checked. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary:
          'Your cart: every line at the tier price for its quantity, with the first rule it breaks today (minimum, multiple, maximum, stock)',
        response: okResponses(CartSchema),
      },
    },
    async (request) => getCart(app, currentUser(request).id),
  );

  app.post(
    '/cart/lines',
    {
      schema: {
        tags: ['cart'],
        summary:
          'Adds lines by productId or sku, summing with a line already there (quick order, reorder, a visitor cart merged at sign-in); unknown ones come back in skipped',
        body: AddCartLinesBodySchema,
        response: okResponses(CartSchema),
      },
    },
    async (request) => addCartLines(app, currentUser(request).id, request.body),
  );

  app.put(
    '/cart/lines/:productId',
    {
      schema: {
        tags: ['cart'],
        summary: "Sets a line's quantity (a quantity that breaks a rule is kept and shown with its message)",
        params: LineParams,
        body: SetCartLineBodySchema,
        response: okResponses(CartSchema),
      },
    },
    async (request) =>
      setCartLine(app, currentUser(request).id, request.params.productId, request.body.quantity),
  );

  app.delete(
    '/cart/lines/:productId',
    {
      schema: {
        tags: ['cart'],
        summary: 'Removes a line',
        params: LineParams,
        response: okResponses(CartSchema),
      },
    },
    async (request) => removeCartLine(app, currentUser(request).id, request.params.productId),
  );

  app.delete(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'Empties the cart',
        response: okResponses(CartSchema),
      },
    },
    async (request) => clearCart(app, currentUser(request).id),
  );
};
