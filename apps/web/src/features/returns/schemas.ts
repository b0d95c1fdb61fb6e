/** The return form's schema, loaded on its first validation only (lib/lazy-resolver.ts). */
export { returnFormSchema } from '@forgeline/shared/schemas/return';
