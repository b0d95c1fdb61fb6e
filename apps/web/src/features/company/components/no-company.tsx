import { useActionFailure } from '@/lib/use-action-failure';
import type { z } from 'zod';
import type { CompanyApplication, CompanyApplicationBodySchema } from '@forgeline/shared/schemas/company';
import { Alert } from '@/components/ui/alert';
import { CountrySelect } from '@/components/ui/country-select';
import { FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { formatDay } from '@/lib/format-date';
import { useApplyForCompany } from '../api/apply-for-company';
import { CardForm } from '@/components/ui/card-form';

const resolver = lazyZodResolver(() =>
  import('../schemas').then((schemas) => schemas.CompanyApplicationBodySchema),
);
type ApplicationInput = z.input<typeof CompanyApplicationBodySchema>;
type ApplicationValues = z.output<typeof CompanyApplicationBodySchema>;

/** Without a company: the application's status while it is pending, else the form (again after a decline). */
export const NoCompany = ({ application }: { application: CompanyApplication | null }) => (
  <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
    <h2 id="dashboard-title" className="text-2xl font-bold">
      Company
    </h2>
    {application?.status === 'pending' ? (
      <div className="rounded-box border border-base-300 bg-base-100 p-4" data-testid="application-status">
        <p className="font-semibold">Your application for {application.companyName} is being reviewed.</p>
        <p className="text-sm text-base-content/80">
          Sent {formatDay(application.createdAt)}. We write to you when it is decided.
        </p>
      </div>
    ) : (
      <>
        {application?.status === 'declined' ? (
          <div
            className="rounded-box border border-base-300 bg-base-100 p-4"
            data-testid="application-status"
          >
            <p className="font-semibold">Your application for {application.companyName} was declined.</p>
            {application.reason ? <p className="text-sm">Reason: {application.reason}</p> : null}
            <p className="text-sm text-base-content/80">You may apply again below.</p>
          </div>
        ) : (
          <p>
            Order as a company: colleagues in roles, spending limits with approvals, shared delivery addresses
            and part lists. Apply and we set your business account up.
          </p>
        )}
        <ApplyForm />
      </>
    )}
  </section>
);

const ApplyForm = () => {
  const apply = useApplyForCompany();
  const { failure, attempt } = useActionFailure();
  const { field, submit } = useSchemaForm<ApplicationInput, ApplicationValues>(resolver, {
    defaultValues: { companyName: '', taxId: '', billingAddress: '', country: '', region: '', note: '' },
  });

  const sendApplication = submit(({ taxId, note, ...values }) =>
    attempt(async () => {
      // The server reads an absent tax ID or note as none; null is not one of its inputs.
      await apply.mutateAsync({ ...values, ...(taxId && { taxId }), ...(note && { note }) });
    }, 'The application could not be sent. Please try again.'),
  );

  return (
    <CardForm {...sendApplication} title="Apply for a business account" className="max-w-xl">
      <FormField label="Company legal name" {...field('companyName')} />
      <FormField
        label="Tax / VAT ID (optional)"
        {...field('taxId')}
        hint="For example DE123456789 for a VAT number."
      />
      <FormField label="Billing address" {...field('billingAddress')} />
      <CountrySelect label="Country" {...field('country')} />
      <FormField label="State or region (US: required)" maxLength={3} {...field('region')} />
      <FormField label="Note (optional)" {...field('note')} />
      <Alert data-testid="apply-error">{failure}</Alert>
      <SubmitButton isLoading={apply.isPending} className="self-start">
        Apply
      </SubmitButton>
    </CardForm>
  );
};
