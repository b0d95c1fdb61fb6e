import { randomBytes, randomInt } from 'node:crypto';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { LIMITS } from '@forgeline/shared/constants';
import { SignUpBodySchema, UpdateUserBodySchema } from '@forgeline/shared/schemas/identity';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { isCommonPassword } from './common-passwords.ts';
import { voidResetLinks } from './repository.ts';

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones and easy to guess. Please choose another.';

/** Better Auth's endpoints whose body we check ourselves, with the schema for each. */
const BODY_RULES: Record<string, z.ZodType> = {
  '/sign-up/email': SignUpBodySchema,
  '/update-user': UpdateUserBodySchema,
};
/** Where a new password is chosen, and the body field that holds it. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 32 letters and digits: what Better Auth's session tokens look like; no session row ever has it. */
const decoySessionToken = () =>
  Array.from({ length: 32 }, () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]).join('');

const RESET_REQUEST_PATHS = new Set(['/request-password-reset', '/forget-password']);

type InternalAdapter = Parameters<
  Parameters<typeof createAuthMiddleware>[0]
>[0]['context']['internalAdapter'];
/** Two writes that leave nothing behind: a verification row made and removed at once. */
async function decoyWrite(adapter: InternalAdapter) {
  const row = await adapter.createVerificationValue({
    identifier: `decoy:${randomBytes(16).toString('hex')}`,
    value: 'decoy',
    expiresAt: new Date(),
  });
  await adapter.deleteVerificationByIdentifier(row.identifier);
}

const refuse = (code: string, message: string) => new APIError('BAD_REQUEST', { code, message });

/**
 * Every text in any of Better Auth's bodies (emails, passwords, tokens, URLs, a Google ID token): none
 * is longer than this, whatever the endpoint's own schema says.
 */
export const AUTH_FIELD_MAX = 8192;

/** The path of the first string in `value` longer than AUTH_FIELD_MAX, if any (bodies nest ≤ 32 levels). */
function tooLongField(value: unknown, path = 'body'): string | undefined {
  if (typeof value === 'string') return value.length > AUTH_FIELD_MAX ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = tooLongField(inner, `${path}.${key}`);
    if (found) return found;
  }
  return undefined;
}

/**
 * Better Auth's before and after hooks: our rules on its endpoints, on every way in (HTTP through the
 * bridge, and `auth.api` calls from the seed and tests alike).
 */
export function identityHooks(db: Database, options: { mailTakeOverLink(email: string): Promise<void> }) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      const body = (ctx.body ?? {}) as Record<string, unknown>;
      const long = tooLongField(body);
      if (long) throw refuse('VALIDATION_ERROR', `${long} must be ${AUTH_FIELD_MAX} characters or fewer`);
      const schema = BODY_RULES[ctx.path];
      if (schema) {
        const parsed = schema.safeParse(body);
        if (!parsed.success)
          throw refuse('VALIDATION_ERROR', parsed.error.issues[0]?.message ?? 'Invalid request');
      }
      const field = NEW_PASSWORD_FIELD[ctx.path];
      const password = field ? body[field] : undefined;
      if (typeof password === 'string' && (await isCommonPassword(password)))
        throw refuse('PASSWORD_TOO_COMMON', COMMON_PASSWORD_MESSAGE);
      // A known address (records 0131, 0191): the same answer as a new one (status, body, cookies), after
      // the same password hash, but the session is a decoy that no session row matches; its owner is
      // mailed a link to choose a password, which makes the account theirs.
      if (ctx.path === '/sign-up/email') {
        const email = String(body.email).trim().toLowerCase();
        if (await ctx.context.internalAdapter.findUserByEmail(email)) {
          await ctx.context.password.hash(String(body.password));
          await options.mailTakeOverLink(email);
          // A new account writes a user, an account and a session; this side a reset link and its mail.
          await decoyWrite(ctx.context.internalAdapter);
          const token = decoySessionToken();
          const dontRemember = body.rememberMe === false;
          const { sessionToken, dontRememberToken } = ctx.context.authCookies;
          await ctx.setSignedCookie(sessionToken.name, token, ctx.context.secret, {
            ...sessionToken.attributes,
            maxAge: dontRemember ? undefined : ctx.context.sessionConfig.expiresIn,
          });
          if (dontRemember)
            await ctx.setSignedCookie(
              dontRememberToken.name,
              'true',
              ctx.context.secret,
              dontRememberToken.attributes,
            );
          const now = new Date();
          // Better Auth's fields in Better Auth's order: a new account's answer, byte for byte in shape.
          return ctx.json({
            token,
            user: {
              name: String(body.name).trim(),
              email,
              emailVerified: false,
              image: null,
              createdAt: now,
              updatedAt: now,
              role: 'user',
              banned: false,
              banReason: null,
              banExpires: null,
              id: randomBytes(16).toString('hex'),
            },
          });
        }
      }
      // A reset request for an unknown address does the writes a known one does (a link, its mail), so
      // that it takes as long (record 0191).
      if (RESET_REQUEST_PATHS.has(ctx.path) && typeof body.email === 'string') {
        const email = body.email.trim().toLowerCase();
        if (!(await ctx.context.internalAdapter.findUserByEmail(email)))
          await decoyWrite(ctx.context.internalAdapter);
      }
      // A changed password ends every other session (and so every access token, record 0004): always,
      // not at the client's option.
      if (ctx.path === '/change-password')
        return { context: { body: { ...body, revokeOtherSessions: true } } };
    }),
    after: createAuthMiddleware(async (ctx) => {
      // A reset link mailed before the change must not undo it.
      const userId = ctx.context.session?.user.id;
      if (ctx.path === '/change-password' && userId && !(ctx.context.returned instanceof Error))
        await voidResetLinks(db, userId);
    }),
  };
}

/** A photo URL we serve ourselves, or null: no third-party address that tracks whoever views it. */
export const ownImageOrNull = (url: string | null | undefined): string | null =>
  url && /^\/uploads\/[A-Za-z0-9._-]+$/.test(url) ? url : null;

/** A name from elsewhere (Google) made one short line of plain text; our own forms refuse instead. */
export function plainName(name: string): string {
  const line = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>]/gu, ' ')
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S*|www\.\S*/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, LIMITS.displayNameMax)
    .trim();
  return line || 'Customer';
}

/**
 * Better Auth's database hooks on users: whatever created or changed the row (a Google sign-in too),
 * the name is plain and short and the photo is ours or none.
 */
export const userDatabaseHooks = {
  create: {
    async before(user: { name: string; image?: string | null }) {
      return { data: { ...user, name: plainName(user.name), image: ownImageOrNull(user.image) } };
    },
  },
  update: {
    async before(user: { name?: string; image?: string | null }) {
      return {
        data: {
          ...user,
          ...(user.name !== undefined && { name: plainName(user.name) }),
          ...(user.image !== undefined && { image: ownImageOrNull(user.image) }),
        },
      };
    },
  },
};
