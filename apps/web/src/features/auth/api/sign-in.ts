import { useMutation, useQueryClient } from '@tanstack/react-query';
import { establishSession, type SessionUser } from '@/lib/auth';
import { authPost } from './auth-request';

export type SignInInput = { email: string; password: string };

/** POST /api/auth/sign-in/email: sets the session cookie. */
export const signInWithEmail = (input: SignInInput) => authPost<unknown>('sign-in/email', input);

/** Signs in, then reads the session and exchanges the email for the access token (docs/product.md §4). */
export const useSignIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput): Promise<SessionUser | null> => {
      await signInWithEmail(input);
      const user = await establishSession(queryClient);
      // A visitor's cart moves into the account at sign-in (loaded only then: the form stays small).
      if (user) await (await import('@/lib/visitor-cart')).moveVisitorCart(queryClient);
      return user;
    },
  });
};
