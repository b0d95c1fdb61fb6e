/** The profile form's schema, loaded on its first validation only (lib/lazy-resolver.ts). */
export { UserInfoBodySchema } from '@forgeline/shared/schemas/user';
