/** The contact form's schema, loaded on its first validation only (lib/lazy-resolver.ts). */
export { ContactBodySchema } from '@forgeline/shared/schemas/contact';
