import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CompanyMember } from '@forgeline/shared/schemas/company';
import { Alert, DANGER_BUTTON_CLASS } from '@/components/ui/alert';
import { dashboardPaths } from '@/config/dashboard-paths';
import { confirmDialog } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useRemoveMember } from '../api/members';

/** Any member may leave; the server refuses the last admin, and its reason is shown. */
export const LeaveCompany = ({ member, companyName }: { member: CompanyMember; companyName: string }) => {
  const remove = useRemoveMember();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  const leave = async () => {
    setFailure(null);
    const sure = await confirmDialog(
      'Yes, leave',
      `You leave ${companyName}: its orders, lists and addresses are no longer yours to see.`,
    );
    if (!sure) return;
    try {
      await remove.mutateAsync(member.userId);
      toast.success(`You left ${companyName}.`);
      await navigate(dashboardPaths.company.getHref(), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, 'You could not leave the company. Please try again.'));
    }
  };

  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        className={DANGER_BUTTON_CLASS}
        onClick={() => void leave()}
        disabled={remove.isPending}
      >
        Leave company
      </button>
      <Alert data-testid="leave-error" className="max-w-xs text-right">
        {failure}
      </Alert>
    </div>
  );
};
