import { useMutation } from '@tanstack/react-query';
import { authPost } from './auth-request';

export type ResetPasswordInput = { token: string; newPassword: string };

/** POST /api/auth/reset-password: sets the new password with the token of the e-mailed link. */
export const resetPassword = (input: ResetPasswordInput) =>
  authPost<{ status: boolean }>('reset-password', input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
