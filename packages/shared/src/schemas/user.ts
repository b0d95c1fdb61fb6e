import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { messages } from '../messages.ts';
import { PhoneSchema, singleLineText } from './common.ts';

/** The profile fields of docs/product.md §2 'Profile page': all three required. */
export const UserInfoBodySchema = z.object({
  phone: PhoneSchema,
  address: singleLineText('Address', messages.addressRequired, LIMITS.addressMax),
  profession: singleLineText('Profession', messages.professionRequired, LIMITS.professionMax),
});
export type UserInfoBody = z.infer<typeof UserInfoBodySchema>;

export const UserInfoSchema = z.object({
  phone: z.string().nullable(),
  address: z.string().nullable(),
  profession: z.string().nullable(),
});

/** GET /userInfo: role is 'admin' or null ('Normal User' on the page). */
export const UserInfoResponseSchema = z.object({
  role: z.enum(['admin']).nullable(),
  userInfo: UserInfoSchema,
});
export type UserInfoResponse = z.infer<typeof UserInfoResponseSchema>;

/** One row of the Make Admin table (GET /users). */
export const UserSummarySchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['admin']).nullable(),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

/** PUT /user/:email answers the access token the SPA keeps in localStorage under `accessToken`. */
export const AccessTokenResponseSchema = z.object({
  result: z.object({
    acknowledged: z.boolean(),
    matchedCount: z.number(),
    modifiedCount: z.number(),
    upsertedCount: z.number(),
  }),
  token: z.string(),
  expiresIn: z.number(),
});
