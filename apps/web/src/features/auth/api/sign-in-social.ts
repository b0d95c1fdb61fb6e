import { authPost } from './auth-request';

/**
 * POST /api/auth/sign-in/social: answers the Google URL to go to. Back from Google, the session cookie
 * is set and lib/auth exchanges the email for the access token as soon as it reads the session.
 */
export const signInWithGoogle = async (callbackURL: string): Promise<void> => {
  const { url } = await authPost<{ url?: string; redirect?: boolean }>('sign-in/social', {
    provider: 'google',
    callbackURL,
    errorCallbackURL: '/login',
  });
  if (!url) throw new Error('Google sign-in did not answer a URL');
  window.location.assign(url);
};
