import { z } from 'zod';
import { singleLineText } from './common.ts';
import { API_SCOPES, COMPANY_API_SCOPES, SHOP_API_SCOPES, type ApiScope } from '../api-keys.ts';

const scopesOf = (allowed: readonly ApiScope[], kind: string) =>
  z
    .array(z.string())
    .min(1, 'Choose at least one scope')
    .max(allowed.length)
    .transform((scopes) => [...new Set(scopes)])
    .refine((scopes) => scopes.every((scope) => (allowed as readonly string[]).includes(scope)), {
      message: `A ${kind} key's scopes are ${allowed.join(', ')}`,
    })
    .transform((scopes) => scopes as ApiScope[]);

// One line: a name is shown in lists and the audit log, where a line break could pass for another entry.
const keyName = singleLineText('Name', 'Name is required', 80);

/** POST /api/apiKeys (shop admin): a name a person recognises ('ERP sync') and what the key may do. */
export const ShopApiKeyBodySchema = z.object({ name: keyName, scopes: scopesOf(SHOP_API_SCOPES, 'shop') });
/** POST /api/company/apiKeys (company admin). */
export const CompanyApiKeyBodySchema = z.object({
  name: keyName,
  scopes: scopesOf(COMPANY_API_SCOPES, 'company'),
});
export type ApiKeyBody = z.infer<typeof ShopApiKeyBodySchema>;
export type ApiKeyBodyInput = z.input<typeof ShopApiKeyBodySchema>;

/** A key as its list shows it: never its secret, which only the answer that made it carries. */
export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret ('flk_3fA9'), to tell keys apart. */
  start: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  /** The person it acts for: the admin who made it. */
  createdBy: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The answer that makes a key: the secret, shown this once. */
export const NewApiKeySchema = z.object({ key: ApiKeySchema, secret: z.string() });
export type NewApiKey = z.infer<typeof NewApiKeySchema>;
