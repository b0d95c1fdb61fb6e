import type { FormEvent } from 'react';
import { useActionFailure } from '@/lib/use-action-failure';
import { Alert } from '@/components/ui/alert';
import { Field, FormField } from '@/components/ui/form-field';
import { ListQueryState } from '@/components/ui/query-state';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/lib/toast';
import { useOwnExemptions, useUploadExemption } from '../api/tax';
import { CertificateList } from './exemptions-panel';

/**
 * The company's tax exemption certificates and their status; a company admin or finance member uploads
 * one (PDF, PNG or JPEG, at most 5 MB), which the shop reviews before it exempts any order.
 */
export const CompanyCertificates = ({ canUpload }: { canUpload: boolean }) => {
  const certificates = useOwnExemptions();
  const upload = useUploadExemption();
  const { failure, attempt } = useActionFailure();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    await attempt(async () => {
      const saved = await upload.mutateAsync(new FormData(form));
      toast.success(`Certificate ${saved.certificateNumber} is uploaded: we review it shortly`);
      form.reset();
    }, 'The certificate could not be uploaded.');
  };
  return (
    <section
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
      aria-labelledby="certificates-title"
    >
      <h3 id="certificates-title" className="text-lg font-bold">
        Tax exemption certificates
      </h3>
      <p className="text-sm text-base-content/75">
        An approved certificate that has not expired exempts your orders from sales tax.
      </p>
      <ListQueryState query={certificates} subject="the certificates" empty="No certificates yet.">
        {(data) => <CertificateList certificates={data} own />}
      </ListQueryState>
      {canUpload ? (
        <form
          onSubmit={(event) => void submit(event)}
          aria-label="Upload a certificate"
          className="flex flex-col gap-3"
        >
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField label="Certificate number" name="certificateNumber" required maxLength={60} />
            <FormField label="Region it applies in" name="region" maxLength={3} hint="e.g. IL" />
            <FormField label="Expiry date" name="expiresOn" type="date" required />
          </div>
          <Field id="certificate-file" label="File (PDF, PNG or JPEG, at most 5 MB)">
            <input
              id="certificate-file"
              name="file"
              type="file"
              required
              accept="application/pdf,image/png,image/jpeg"
              className="file-input w-full"
            />
          </Field>
          <Alert>{failure}</Alert>
          <div>
            <SubmitButton isLoading={upload.isPending}>Upload certificate</SubmitButton>
          </div>
        </form>
      ) : null}
    </section>
  );
};
