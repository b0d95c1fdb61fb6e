/** The catalogue forms' schemas, loaded on their first validation only (lib/lazy-resolver.ts). */
export { AttributeBodySchema, CategoryBodySchema } from '@forgeline/shared/schemas/catalogue';
