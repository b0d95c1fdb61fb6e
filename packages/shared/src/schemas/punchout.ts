import { z } from 'zod';
import { EmailSchema, notSingleLine, SINGLE_LINE } from './common.ts';

// A secret a procurement system sends on every document: long enough that it cannot be guessed.
const secret = (label: string) =>
  z
    .string()
    .min(12, `${label} must have at least 12 characters`)
    .max(200, `${label} must have at most 200 characters`);

/** One line, or nothing: blank (as a form sends an empty field) is null, which switches it off. */
const optionalLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be ${max} characters or fewer`)
    .regex(SINGLE_LINE, notSingleLine(label))
    .nullish()
    .transform((value) => value || null);

/** A secret field left blank keeps the secret stored. */
const blankIsKept = (schema: z.ZodString) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/**
 * PUT /api/companies/:id/punchout (shop admin, docs/decisions/0246): who the punchout buyer acts as
 * (a member of the company who may order), and the cXML and OCI credentials. A secret left out keeps
 * the one stored; a protocol whose identity (or user name) is blank is switched off.
 */
export const PunchoutSettingsBodySchema = z
  .object({
    buyerEmail: EmailSchema,
    cxmlDomain: optionalLine('cXML domain', 60),
    cxmlIdentity: optionalLine('cXML identity', 200),
    sharedSecret: blankIsKept(secret('The shared secret')),
    ociUsername: optionalLine('OCI user name', 100),
    ociPassword: blankIsKept(secret('The OCI password')),
  })
  .refine((body) => !body.cxmlIdentity || body.cxmlDomain, {
    message: 'Give the domain of this cXML identity (NetworkID, DUNS, …)',
    path: ['cxmlDomain'],
  });
export type PunchoutSettingsBody = z.infer<typeof PunchoutSettingsBodySchema>;
export type PunchoutSettingsInput = z.input<typeof PunchoutSettingsBodySchema>;

/** The company's punchout settings as the admin reads them: never a secret, only whether one is set. */
export const PunchoutSettingsSchema = z.object({
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  cxmlDomain: z.string().nullable(),
  cxmlIdentity: z.string().nullable(),
  hasSharedSecret: z.boolean(),
  ociUsername: z.string().nullable(),
  hasOciPassword: z.boolean(),
  updatedAt: z.string(),
});
export type PunchoutSettings = z.infer<typeof PunchoutSettingsSchema>;

/** One document of the audit trail (GET /api/companies/:id/punchout/documents). */
export const PunchoutDocumentSchema = z.object({
  id: z.string(),
  direction: z.enum(['in', 'out']),
  kind: z.string(),
  payloadId: z.string().nullable(),
  status: z.number(),
  body: z.string(),
  createdAt: z.string(),
});
export type PunchoutDocument = z.infer<typeof PunchoutDocumentSchema>;

/** GET /api/punchout/session: whether the signed-in person is in a punchout visit, and of which kind. */
export const PunchoutSessionSchema = z.object({
  active: z.boolean(),
  protocol: z.enum(['cxml', 'oci']).nullable(),
});
export type PunchoutSession = z.infer<typeof PunchoutSessionSchema>;
