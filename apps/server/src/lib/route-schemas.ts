import { z } from 'zod';
import { errorResponses } from './errors.ts';

/** The `:id` of a route: text up to 100 characters (the service answers 404 for one that names nothing). */
export const IdParams = z.object({ id: z.string().max(100) });

/**
 * The answers of a route: `schema` at 200, or one of the shared errors. A route with its own shape for
 * another status (a 304, POST /checkout's 409 with the cart) writes its `response` out instead.
 */
export const okResponses = <Schema>(schema: Schema) => ({ 200: schema, ...errorResponses });

/** The answers of a route that makes something: `schema` at 201, or one of the shared errors. */
export const createdResponses = <Schema>(schema: Schema) => ({ 201: schema, ...errorResponses });

/** The answers of a route that removes something: 204 with no body, or an error. */
export const noContentResponses = { 204: z.null(), ...errorResponses };
