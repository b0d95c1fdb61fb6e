import { useState } from 'react';
import type { TaxExemption } from '@forgeline/shared/schemas/tax';
import { CheckboxField } from '@/components/ui/form-field';
import { BoxedPanel } from '@/components/ui/panel-section';
import { ListQueryState } from '@/components/ui/query-state';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { certificateHref, useDecideExemption, useExemptions } from '../api/tax';

const STATUS_TEXT = { pending: 'Waiting for review', approved: 'Approved', rejected: 'Rejected' } as const;

const Certificate = ({ certificate, own }: { certificate: TaxExemption; own: boolean }) => {
  const decide = useDecideExemption();
  const [reason, setReason] = useState('');
  const act = async (input: { id: string; reason?: string }) => {
    try {
      const decided = await decide.mutateAsync(input);
      toast.success(`Certificate ${decided.certificateNumber} ${decided.status}`);
    } catch (error) {
      toast.error(errorMessage(error, 'The certificate could not be decided.'));
    }
  };
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="tax-certificate">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold break-words">
          {certificate.certificateNumber}
          {own ? '' : ` · ${certificate.companyName}`}
        </p>
        <span className="badge badge-outline">{STATUS_TEXT[certificate.status]}</span>
      </div>
      <p className="text-sm text-base-content/75">
        {certificate.region ? `For ${certificate.region}, ` : ''}valid until {certificate.expiresOn}; uploaded
        by {certificate.uploadedBy ?? '—'}
        {certificate.reason ? `; reason: ${certificate.reason}` : ''}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <a className="btn btn-sm btn-outline" href={certificateHref(certificate.id, own)} download>
          Download {certificate.fileName}
        </a>
        {!own && certificate.status === 'pending' ? (
          <>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={decide.isPending}
              onClick={() => void act({ id: certificate.id })}
            >
              Approve
            </button>
            <input
              className="input input-sm min-w-0 flex-1"
              aria-label={`Why certificate ${certificate.certificateNumber} is rejected`}
              placeholder="Reason for rejecting"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <button
              type="button"
              className="btn btn-sm"
              disabled={decide.isPending || reason.trim() === ''}
              onClick={() => void act({ id: certificate.id, reason })}
            >
              Reject
            </button>
          </>
        ) : null}
      </div>
    </li>
  );
};

export const CertificateList = ({ certificates, own }: { certificates: TaxExemption[]; own: boolean }) => (
  <ul className="flex flex-col divide-y divide-base-300">
    {certificates.map((certificate) => (
      <Certificate key={certificate.id} certificate={certificate} own={own} />
    ))}
  </ul>
);

/** The shop's admin: certificates waiting for review (of one company, or all), to read and decide. */
export const ExemptionsPanel = ({ companyId = null }: { companyId?: string | null }) => {
  const [status, setStatus] = useState<'pending' | 'all'>('pending');
  const exemptions = useExemptions(companyId, status);
  return (
    <BoxedPanel
      id="exemptions-title"
      title="Tax exemption certificates"
      actions={
        <CheckboxField
          label="Show decided ones too"
          checked={status === 'all'}
          onChange={(event) => setStatus(event.target.checked ? 'all' : 'pending')}
        />
      }
    >
      <ListQueryState
        query={exemptions}
        subject="the certificates"
        empty={status === 'pending' ? 'No certificate is waiting for review.' : 'No certificates.'}
      >
        {(data) => <CertificateList certificates={data} own={false} />}
      </ListQueryState>
    </BoxedPanel>
  );
};
