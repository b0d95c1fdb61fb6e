import type {
  CompanyAddress,
  CompanyApplication,
  CompanyDetail,
  Invitation,
} from '@forgeline/shared/schemas/company';
import { WrapPoints } from '@/components/ui/wrap-points';
import { formatDay } from '@/lib/format-date';
import { ROLE_LABELS } from '../roles';
import { INVOICES, ORDERS, REQUESTS } from './company-activity';
import { RecordSection, type RecordList } from './record-section';

/** The delivery sites of the company's address book (kept by its admin). */
const ADDRESSES: RecordList<CompanyAddress> = {
  title: 'Addresses',
  empty: "No delivery sites yet: the company's admin adds them.",
  rowKey: (site) => site.id,
  columns: [
    { header: 'Site', cell: (site) => site.label },
    { header: 'Contact', cell: (site) => site.contact },
    { header: 'Phone', cell: (site) => site.phone },
    { header: 'Address', cell: (site) => site.address, className: 'break-words' },
  ],
};

/** Invitations sent by the company's admin and not used yet. */
const INVITATIONS: RecordList<Invitation> = {
  title: 'Pending invitations',
  empty: 'No invitation is waiting.',
  rowKey: (invitation) => invitation.id,
  columns: [
    { header: 'E-mail', cell: (invitation) => <WrapPoints text={invitation.email} /> },
    { header: 'Role', cell: (invitation) => ROLE_LABELS[invitation.role] },
    { header: 'Status', cell: (invitation) => (invitation.status === 'expired' ? 'Expired' : 'Pending') },
    { header: 'Valid until', cell: (invitation) => formatDay(invitation.expiresAt) },
  ],
};

const APPLICATION_STATUS = { pending: 'Pending', approved: 'Approved', declined: 'Declined' } as const;

/** The applications for a business account that led to (or were made for) this company. */
const APPLICATIONS: RecordList<CompanyApplication> = {
  title: 'Applications',
  empty: 'The company was made by the shop, not applied for.',
  rowKey: (application) => application.id,
  columns: [
    { header: 'Applied', cell: (application) => formatDay(application.createdAt) },
    {
      header: 'Applicant',
      cell: (application) => (
        <>
          {application.applicant.name} (<WrapPoints text={application.applicant.email} />)
        </>
      ),
    },
    {
      header: 'Status',
      cell: (application) => (
        <>
          {APPLICATION_STATUS[application.status]}
          {application.reason ? <span className="block text-xs">{application.reason}</span> : null}
        </>
      ),
    },
    { header: 'Note', cell: (application) => application.note ?? '—', className: 'break-words' },
  ],
};

/** The company page's lists under its members and forms: what it ordered and owes, then its records. */
export const CompanyRecords = ({ detail }: { detail: CompanyDetail }) => (
  <>
    <RecordSection id="company-requests" rows={detail.requests} {...REQUESTS} />
    <RecordSection id="company-orders" rows={detail.orders} {...ORDERS} />
    <RecordSection id="company-invoices" rows={detail.invoices} {...INVOICES} />
    <RecordSection id="company-addresses" rows={detail.addresses} {...ADDRESSES} />
    <RecordSection id="company-invitations" rows={detail.invitations} {...INVITATIONS} />
    <RecordSection id="company-applications" rows={detail.applications} {...APPLICATIONS} />
  </>
);
