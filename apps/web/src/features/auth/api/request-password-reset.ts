import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { authPost } from './auth-request';

/**
 * POST /api/auth/request-password-reset: e-mails a reset link, which comes back to /resetPass?token=…
 * The answer is the same whether or not the email has an account.
 */
export const requestPasswordReset = (email: string) =>
  authPost<{ status: boolean }>('request-password-reset', {
    email,
    redirectTo: paths.auth.resetPass.getHref(),
  });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
