import { messages } from '@forgeline/shared/messages';
import { PROFILE_DIALOG_MS } from '@forgeline/shared/constants';
import { ERROR_COLOR } from '@/config/theme';

/** sweetalert2 is loaded on the first dialog, never with the entry chunk. */
const loadSwal = async () => (await import('sweetalert2')).default;

/**
 * The spec's confirmation ('Are you sure?' / "You won't be able to revert this!", docs/product.md §9) before
 * cancel, delete user, delete product, make admin and ship. Resolves true when confirmed.
 */
export const confirmDialog = async (confirmButtonText = 'Yes', detail?: string): Promise<boolean> => {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    title: messages.confirmTitle,
    // What the action will do beyond the spec's words (a cancel's refund, decision 0195).
    text: detail ? `${messages.confirmText} ${detail}` : messages.confirmText,
    icon: 'warning',
    showCancelButton: true,
    confirmButtonText,
    cancelButtonText: 'No, keep it',
    confirmButtonColor: ERROR_COLOR,
    cancelButtonColor: '#334155',
    focusCancel: true,
    reverseButtons: true,
  });
  return result.isConfirmed;
};

/** A success dialog that closes itself (the profile's: 2500 ms, docs/product.md §9). */
export const successDialog = async (title: string, timer = PROFILE_DIALOG_MS): Promise<void> => {
  const Swal = await loadSwal();
  await Swal.fire({ title, icon: 'success', timer, showConfirmButton: false });
};
