import { useState } from 'react';
import { signInWithGoogle } from '../api/sign-in-social';
import { Spinner } from '@/components/ui/spinner';
import { authErrorMessage } from '../utils/auth-errors';
import { OrDivider } from './auth-card';

type GoogleButtonProps = {
  /** Where Google sends the user back to (the page they came from). */
  callbackURL: string;
  /** Why Google could not be reached, in words for the user. */
  onError: (message: string) => void;
  disabled?: boolean;
};

// Google's mark as a file of its own, not as JSX: its paths were 0.5 KB of the first view's JavaScript
// on /login and /signup (docs/decisions/0278); the picture is fetched once and cached.
const GoogleMark = () => <img src="/google-mark.svg" alt="" width={20} height={20} className="size-5" />;

/**
 * 'OR', then 'Continue With Google' (docs/product.md §2), below the login and the sign-up form: off to
 * Google, or the server's reason why not.
 */
export const OrContinueWithGoogle = ({ callbackURL, onError, disabled = false }: GoogleButtonProps) => {
  // A plain state, not a TanStack mutation: useMutation's code (1 KB gzip) would join the first view of
  // /login and /signup for this one button (docs/decisions/0277).
  const [pending, setPending] = useState(false);
  const start = async () => {
    setPending(true);
    try {
      await signInWithGoogle(callbackURL);
    } catch (error) {
      onError(authErrorMessage(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <OrDivider />
      <button
        type="button"
        className="btn btn-outline w-full gap-2"
        disabled={disabled || pending}
        onClick={() => void start()}
      >
        {pending ? <Spinner /> : <GoogleMark />}
        Continue With Google
      </button>
    </>
  );
};
