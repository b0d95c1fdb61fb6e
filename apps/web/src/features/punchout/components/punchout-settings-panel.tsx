import type { ComponentProps } from 'react';
import type { PunchoutSettings, PunchoutSettingsInput } from '@forgeline/shared/schemas/punchout';
import type { PunchoutSettingsBody } from '@forgeline/shared/schemas/punchout';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { ListQueryState, QueryState } from '@/components/ui/query-state';
import { SubmitButton } from '@/components/ui/submit-button';
import { TableRegion } from '@/components/ui/table-region';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/toast';
import { usePunchoutDocuments, usePunchoutSettings, useSavePunchoutSettings } from '../api/punchout';
import { SchemaForm } from '@/components/ui/card-form';

const resolver = lazyZodResolver(() =>
  import('../schemas').then((schemas) => schemas.PunchoutSettingsBodySchema),
);

/** A secret typed in, never shown back: left blank, the one set stays (the hint says so when there is one). */
const SecretField = ({
  isSet,
  ...props
}: ComponentProps<typeof FormField> & { isSet: boolean | undefined }) => (
  <FormField
    type="password"
    autoComplete="new-password"
    hint={isSet ? 'Leave blank to keep the one set.' : undefined}
    {...props}
  />
);

/** The form of a company's punchout credentials; secrets are typed, never shown back. */
const SettingsForm = ({ companyId, settings }: { companyId: string; settings: PunchoutSettings | null }) => {
  const save = useSavePunchoutSettings(companyId);
  const { formState, resetField, field, submit } = useSchemaForm<PunchoutSettingsInput, PunchoutSettingsBody>(
    resolver,
    {
      defaultValues: {
        buyerEmail: settings?.buyer.email ?? '',
        cxmlDomain: settings?.cxmlDomain ?? 'NetworkID',
        cxmlIdentity: settings?.cxmlIdentity ?? '',
        sharedSecret: '',
        ociUsername: settings?.ociUsername ?? '',
        ociPassword: '',
      },
    },
  );
  const saveSettings = submit(async (body) => {
    await save.mutateAsync(body);
    toast.success('Punchout settings saved');
    resetField('sharedSecret');
    resetField('ociPassword');
  }, 'The punchout settings could not be saved.');
  return (
    <SchemaForm {...saveSettings} aria-label="Punchout settings" className="flex flex-col gap-3">
      <FormField
        label="Punchout buyer (a member's e-mail)"
        type="email"
        autoComplete="off"
        hint="Orders from the procurement system are placed as this member."
        {...field('buyerEmail')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="cXML domain" autoComplete="off" {...field('cxmlDomain')} />
        <FormField label="cXML identity" autoComplete="off" {...field('cxmlIdentity')} />
        <SecretField
          label="cXML shared secret"
          isSet={settings?.hasSharedSecret}
          {...field('sharedSecret')}
        />
        <span className="hidden sm:block" />
        <FormField label="OCI user name" autoComplete="off" {...field('ociUsername')} />
        <SecretField label="OCI password" isSet={settings?.hasOciPassword} {...field('ociPassword')} />
      </div>
      <div>
        <SubmitButton isLoading={formState.isSubmitting}>Save punchout settings</SubmitButton>
      </div>
      <Alert>{formState.errors.root?.message}</Alert>
    </SchemaForm>
  );
};

/** The newest punchout documents in and out, each openable to read as it was. */
const DocumentsList = ({ companyId }: { companyId: string }) => {
  const documents = usePunchoutDocuments(companyId);
  return (
    <ListQueryState
      query={documents}
      subject="the punchout documents"
      loadingLabel="Loading punchout documents"
      empty={<p className="text-sm">No punchout documents yet.</p>}
    >
      {(data) => (
        <TableRegion label="Punchout documents">
          <table className="table table-sm">
            <thead>
              <tr>
                <th>When</th>
                <th>Document</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {data.map((doc) => (
                <tr key={doc.id}>
                  <td className="whitespace-nowrap">{new Date(doc.createdAt).toLocaleString()}</td>
                  <td>
                    <details>
                      <summary className="cursor-pointer">
                        {doc.direction === 'in' ? 'Received' : 'Sent'} {doc.kind}
                      </summary>
                      <pre className="mt-2 max-h-64 max-w-[70vw] overflow-auto text-xs whitespace-pre-wrap break-all">
                        {doc.body}
                      </pre>
                    </details>
                  </td>
                  <td>{doc.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </ListQueryState>
  );
};

/** A company's punchout (decision 0246): its credentials, and the trail of its documents (admin). */
export const PunchoutSettingsPanel = ({ companyId }: { companyId: string }) => {
  const settings = usePunchoutSettings(companyId);
  return (
    <section
      aria-labelledby="company-punchout"
      className="rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h3 id="company-punchout" className="mb-2 text-lg font-bold">
        Punchout (cXML, SAP OCI)
      </h3>
      <QueryState query={settings} subject="the punchout settings" loadingLabel="Loading punchout settings">
        {(data) => (
          <div className="flex flex-col gap-4">
            <p className="text-sm">
              {data
                ? `Set up; last changed ${new Date(data.updatedAt).toLocaleString()}.`
                : 'Not set up: this company cannot punch out yet.'}
            </p>
            <SettingsForm companyId={companyId} settings={data} />
            <h4 className="font-bold">Documents</h4>
            <DocumentsList companyId={companyId} />
          </div>
        )}
      </QueryState>
    </section>
  );
};
