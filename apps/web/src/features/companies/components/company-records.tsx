import type { CompanyAddress, CompanyApplication, Invitation } from '@forgeline/shared/schemas/company';
import { WrapPoints } from '@/components/ui/wrap-points';
import { formatDay } from '@/lib/format-date';
import { ROLE_LABELS } from '../roles';
import { RecordSection } from './record-section';

/** The delivery sites of the company's address book (kept by its admin). */
export const CompanyAddresses = ({ addresses }: { addresses: CompanyAddress[] }) => (
  <RecordSection
    id="company-addresses"
    title="Addresses"
    count={addresses.length}
    empty="No delivery sites yet: the company's admin adds them."
    headers={['Site', 'Contact', 'Phone', 'Address']}
  >
    {addresses.map((site) => (
      <tr key={site.id}>
        <th scope="row" data-label="Site">
          {site.label}
        </th>
        <td data-label="Contact">{site.contact}</td>
        <td data-label="Phone">{site.phone}</td>
        <td data-label="Address" className="break-words">
          {site.address}
        </td>
      </tr>
    ))}
  </RecordSection>
);

/** Invitations sent by the company's admin and not used yet. */
export const CompanyInvitations = ({ invitations }: { invitations: Invitation[] }) => (
  <RecordSection
    id="company-invitations"
    title="Pending invitations"
    count={invitations.length}
    empty="No invitation is waiting."
    headers={['E-mail', 'Role', 'Status', 'Valid until']}
  >
    {invitations.map((invitation) => (
      <tr key={invitation.id}>
        <th scope="row" data-label="E-mail">
          <WrapPoints text={invitation.email} />
        </th>
        <td data-label="Role">{ROLE_LABELS[invitation.role]}</td>
        <td data-label="Status">{invitation.status === 'expired' ? 'Expired' : 'Pending'}</td>
        <td data-label="Valid until">{formatDay(invitation.expiresAt)}</td>
      </tr>
    ))}
  </RecordSection>
);

const APPLICATION_STATUS = { pending: 'Pending', approved: 'Approved', declined: 'Declined' } as const;

/** The applications for a business account that led to (or were made for) this company. */
export const CompanyApplications = ({ applications }: { applications: CompanyApplication[] }) => (
  <RecordSection
    id="company-applications"
    title="Applications"
    count={applications.length}
    empty="The company was made by the shop, not applied for."
    headers={['Applied', 'Applicant', 'Status', 'Note']}
  >
    {applications.map((application) => (
      <tr key={application.id}>
        <th scope="row" data-label="Applied">
          {formatDay(application.createdAt)}
        </th>
        <td data-label="Applicant">
          {application.applicant.name} (<WrapPoints text={application.applicant.email} />)
        </td>
        <td data-label="Status">
          {APPLICATION_STATUS[application.status]}
          {application.reason ? <span className="block text-xs">{application.reason}</span> : null}
        </td>
        <td data-label="Note" className="break-words">
          {application.note ?? '—'}
        </td>
      </tr>
    ))}
  </RecordSection>
);
