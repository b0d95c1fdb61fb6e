import { useMutation, useQueryClient } from '@tanstack/react-query';
import { establishSession, type SessionUser } from '@/lib/auth';
import { authPost } from './auth-request';

export type SignUpInput = { name: string; email: string; password: string };

/**
 * POST /api/auth/sign-up/email: creates the account with its display name (Better Auth takes the name
 * at sign-up, so "then sets the display name" of docs/product.md §2 is one step) and signs in.
 */
export const signUpWithEmail = (input: SignUpInput) => authPost<unknown>('sign-up/email', input);

/** Signs up, then reads the session and exchanges the email for the access token (docs/product.md §4). */
export const useSignUp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput): Promise<SessionUser | null> => {
      await signUpWithEmail(input);
      const user = await establishSession(queryClient);
      // A visitor's cart moves into the account at sign-in (loaded only then: the form stays small).
      if (user) await (await import('@/lib/visitor-cart')).moveVisitorCart(queryClient);
      return user;
    },
  });
};
