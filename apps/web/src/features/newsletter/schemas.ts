/** The newsletter form's schema, loaded on its first validation only (lib/lazy-resolver.ts). */
export { NewsletterBodySchema } from '@forgeline/shared/schemas/contact';
