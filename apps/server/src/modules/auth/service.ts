import type { Env } from '../../config/env.ts';
import { DomainError } from '../../lib/errors.ts';

/**
 * Better Auth endpoints this site does not open: its admin plugin's own (role changes and deletions go
 * through /api/user*, where our rules hold: last admin, no self-deletion), and Google sign-in when no
 * Google keys are set. `path` is the path under `basePath`, as Better Auth will see it.
 */
export function refuseClosedEndpoint(
  method: string,
  basePath: string,
  path: string,
  config: Pick<Env, 'GOOGLE_CLIENT_ID'>,
): void {
  if (path.toLowerCase().startsWith('/admin/')) {
    throw new DomainError('NOT_FOUND', `No such endpoint: ${method} ${basePath}${path}`);
  }
  if (path === '/sign-in/social' && !config.GOOGLE_CLIENT_ID) {
    throw new DomainError(
      'OPERATION_NOT_ALLOWED',
      'Google sign-in is not set up on this site yet. Please use your email and password.',
    );
  }
}
