import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { messages } from '@forgeline/shared/messages';
import type { UserInfoBody, UserInfoBodySchema } from '@forgeline/shared/schemas/user';
import { FormField } from '@/components/ui/form-field';
import { useUpdateUserInfo } from '../api/update-user-info';
import { successDialog } from '@/lib/dialogs';
import { SubmitButton } from '@/components/ui/submit-button';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { SchemaForm } from '@/components/ui/card-form';

type ProfileFormInput = z.input<typeof UserInfoBodySchema>;

/** zod and the schema load on the first validation (docs/decisions/0042). */
const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.UserInfoBodySchema));

type ProfileFormProps = {
  email: string;
  /** The saved profile, to start from. */
  initial: { phone: string | null; address: string | null; profession: string | null } | undefined;
};

/**
 * Phone, address and profession, all required (docs/product.md §2, §5), checked by the server's own schema.
 * Saved: 'Successfully Updated Your Profile' (2.5 s dialog); unchanged: 'Profile already updated'.
 */
export const ProfileForm = ({ email, initial }: ProfileFormProps) => {
  const update = useUpdateUserInfo();
  const { formState, field, submit } = useSchemaForm<ProfileFormInput, UserInfoBody>(resolver, {
    defaultValues: {
      phone: initial?.phone ?? '',
      address: initial?.address ?? '',
      profession: initial?.profession ?? '',
    },
  });

  const save = submit(async (body) => {
    try {
      const { modifiedCount } = await update.mutateAsync({ email, body });
      if (modifiedCount === 0) toast.info(messages.profileAlreadyUpdated);
      else await successDialog(messages.profileUpdated);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not update your profile');
    }
  });

  return (
    <SchemaForm
      {...save}
      aria-label="Update Profile"
      className="space-y-4 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6"
    >
      <h3 className="text-xl font-bold">Update Profile</h3>
      <FormField
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder="Your Phone Number"
        {...field('phone')}
      />
      <FormField
        label="Address"
        type="text"
        autoComplete="street-address"
        placeholder="Your Address"
        {...field('address')}
      />
      <FormField
        label="Profession"
        type="text"
        autoComplete="organization-title"
        placeholder="Your Profession"
        {...field('profession')}
      />
      <SubmitButton className="w-full sm:w-auto" isLoading={formState.isSubmitting}>
        Update
      </SubmitButton>
    </SchemaForm>
  );
};
