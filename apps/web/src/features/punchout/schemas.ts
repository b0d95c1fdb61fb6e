/** The punchout form's schema, loaded on its first validation only (lib/lazy-resolver.ts). */
export { PunchoutSettingsBodySchema } from '@forgeline/shared/schemas/punchout';
