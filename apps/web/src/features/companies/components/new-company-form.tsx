import { useNavigate } from 'react-router';
import type { CompanyBody, CompanyBodyInput } from '@forgeline/shared/schemas/company';
import { dashboardPaths } from '@/config/dashboard-paths';
import { FormStateActions } from '@/components/ui/form-actions';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/toast';
import { useCreateCompany } from '../api/companies';
import { CompanyFields } from './company-fields';
import { CardForm } from '@/components/ui/card-form';

/** zod and the schema load on the first validation (docs/decisions/0042). */
const resolver = lazyZodResolver(() => import('../schemas').then((schemas) => schemas.CompanyBodySchema));

const FIELDS = ['name', 'taxId', 'billingAddress', 'country', 'region'] as const;

/** 'New company': legal name, tax ID, billing address → POST /companies → the company's page. */
export const NewCompanyForm = ({ onCancel }: { onCancel: () => void }) => {
  const create = useCreateCompany();
  const navigate = useNavigate();
  const { register, formState, submit } = useSchemaForm<CompanyBodyInput, CompanyBody>(resolver, {
    defaultValues: { name: '', taxId: '', billingAddress: '', country: '', region: '' },
  });

  // The server's per-field messages (a tax ID in use, a bad format) go under their fields.
  const createCompany = submit(
    async ({ taxId, ...body }) => {
      // The schema reads an empty tax ID as null, which the server's schema (text) refuses: left out.
      const company = await create.mutateAsync({ ...body, ...(taxId && { taxId }) });
      toast.success(`${company.name} is created: attach its first member on its page`);
      await navigate(dashboardPaths.adminCompany.getHref(company.id));
    },
    'The company could not be created.',
    FIELDS,
  );

  return (
    <CardForm {...createCompany} title="New company" className="mb-4 max-w-xl">
      <CompanyFields register={register} errors={formState.errors} />
      <FormStateActions formState={formState} submitText="Create company" onCancel={onCancel} />
    </CardForm>
  );
};
