import { z } from 'zod';
import { LIMITS, MIN_PASSWORD_LENGTH } from '../constants.ts';
import { messages } from '../messages.ts';
import { EmailSchema, requiredText } from './common.ts';

/** docs/product.md §5: password required ('Password is required'), at least 6 characters ('Must be 6 caracters or longer'). */
export const PasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, { error: messages.passwordRequired, abort: true })
  .min(MIN_PASSWORD_LENGTH, { error: messages.passwordTooShort, abort: true })
  .max(LIMITS.passwordMax, { error: `Must be ${LIMITS.passwordMax} characters or fewer` });

/** No line breaks, control or invisible formatting characters, and no markup brackets. */
const PLAIN_LINE = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>]*$/u;
/** What a mail program or a browser would turn into a link. */
const LINK_LIKE = /[a-z][a-z0-9+.-]*:\/\/|www\./i;

/**
 * A display name (sign-up and profile update): one line of plain text, at most 100 characters, never a
 * link. It is shown to other people (reviews, the admins' lists), so it must not carry a stranger's
 * markup or a clickable address.
 */
export const DisplayNameSchema = requiredText(messages.nameRequired, LIMITS.displayNameMax)
  .regex(PLAIN_LINE, 'Use one line of plain text for your name')
  .refine((name) => !LINK_LIKE.test(name), 'A name cannot contain a web address');

/** A profile photo is one uploaded to Forgeline or none: never another site's URL. */
const NoForeignImageSchema = z
  .null({ error: 'A profile photo can only be one uploaded to Forgeline' })
  .optional();

/** POST /api/auth/sign-up/email as the server accepts it (Better Auth's own fields, bounded). */
export const SignUpBodySchema = z.object({
  name: DisplayNameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  image: NoForeignImageSchema,
  callbackURL: z.string().max(2048).optional(),
  rememberMe: z.boolean().optional(),
});

/** POST /api/auth/update-user: the name, and no photo from elsewhere. */
export const UpdateUserBodySchema = z.object({
  name: DisplayNameSchema.optional(),
  image: NoForeignImageSchema,
});
