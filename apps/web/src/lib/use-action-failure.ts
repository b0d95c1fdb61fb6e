import { useState } from 'react';
import { confirmDialog } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';

/**
 * An action of a panel or form (save a site, delete it, revoke a key) and what went wrong with it, kept
 * for the panel's Alert in the server's words when it gave some, else in `fallback`'s. The failure is
 * cleared when the next action starts. Resolves true when the action succeeded.
 */
export function useActionFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = async (action: () => Promise<unknown>, fallback: string): Promise<boolean> => {
    setFailure(null);
    try {
      await action();
      return true;
    } catch (error) {
      setFailure(errorMessage(error, fallback));
      return false;
    }
  };
  /** The spec's confirmation first ('Are you sure?' with what the action will do), then the action. */
  const confirmThen = async (
    confirm: { button: string; detail: string },
    action: () => Promise<unknown>,
    fallback: string,
  ): Promise<boolean> => {
    setFailure(null);
    if (!(await confirmDialog(confirm.button, confirm.detail))) return false;
    return attempt(action, fallback);
  };
  return { failure, setFailure, attempt, confirmThen };
}
