import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  COMPANY_ROLE_LABELS,
  COMPANY_ROLE_RIGHTS,
  type Company,
  type CompanyMember,
} from '@forgeline/shared/schemas/company';
import { COMPANY_TABS, type CompanyTab } from '@/config/dashboard-paths';
import type { SearchParts } from '@/components/ui/part-combobox';
import { QueryState } from '@/components/ui/query-state';
import { TabStrip } from '@/components/ui/tab-strip';
import { useMyCompany } from '../api/get-my-company';
import { AddressesPanel } from './addresses-panel';
import { ApprovalsPanel } from './approvals-panel';
import { CompanyDetails } from './company-details';
import { InvitationsPanel } from './invitations-panel';
import { LeaveCompany } from './leave-company';
import { MembersPanel } from './members-panel';
import { NoCompany } from './no-company';
import { PartNumbersPanel } from './part-numbers-panel';
import { SavedListsPanel } from './saved-lists-panel';

const TAB_LABELS: Record<CompanyTab, string> = {
  details: 'Details',
  members: 'Members',
  invitations: 'Invitations',
  addresses: 'Addresses',
  approvals: 'Approvals',
  lists: 'Saved lists',
  partNumbers: 'Part numbers',
  apiKeys: 'API keys',
  webhooks: 'Webhooks',
};
/** Tabs only a company admin sees. */
const MANAGERS_ONLY: readonly CompanyTab[] = ['invitations', 'apiKeys', 'webhooks'];

/**
 * The Company page: the application form while the person has no company, else a tab per section. What a
 * role cannot do is hidden here, from COMPANY_ROLE_RIGHTS; the server still decides every request.
 */
/** What the route adds under the details: the tax certificates (another feature's panel), by what the member may do. */
export type DetailsExtra = (rights: { manage: boolean; finance: boolean }) => ReactNode;

export const CompanyPage = ({
  searchParts,
  detailsExtra,
  apiKeys,
  webhooks,
}: {
  searchParts: SearchParts;
  detailsExtra?: DetailsExtra;
  /** The API keys tab's panel (another feature's), for the company admin. */
  apiKeys?: ReactNode;
  /** The webhooks tab's panel (another feature's), for the company admin. */
  webhooks?: ReactNode;
}) => {
  const mine = useMyCompany();
  return (
    <QueryState query={mine} subject="your company">
      {({ company, member, application }) =>
        company && member ? (
          <CompanyTabs
            company={company}
            member={member}
            searchParts={searchParts}
            detailsExtra={detailsExtra}
            apiKeys={apiKeys}
            webhooks={webhooks}
          />
        ) : (
          <NoCompany application={application} />
        )
      }
    </QueryState>
  );
};

const CompanyTabs = ({
  company,
  member,
  searchParts,
  detailsExtra,
  apiKeys,
  webhooks,
}: {
  company: Company;
  member: CompanyMember;
  searchParts: SearchParts;
  detailsExtra?: DetailsExtra | undefined;
  apiKeys?: ReactNode;
  webhooks?: ReactNode;
}) => {
  const rights = COMPANY_ROLE_RIGHTS[member.role];
  const [search, setSearch] = useSearchParams();
  // Only the company admin manages invitations and API keys (and the latter only where the route gives them).
  const tabs = COMPANY_TABS.filter(
    (tab) =>
      (!MANAGERS_ONLY.includes(tab) || rights.manage) &&
      (tab !== 'apiKeys' || apiKeys !== undefined) &&
      (tab !== 'webhooks' || webhooks !== undefined),
  );
  const asked = search.get('tab') as CompanyTab | null;
  const tab: CompanyTab = asked && tabs.includes(asked) ? asked : 'details';

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="dashboard-title" className="text-2xl font-bold break-words">
            {company.name}
          </h2>
          <p className="text-sm text-base-content/80" data-testid="my-role">
            You are {COMPANY_ROLE_LABELS[member.role].toLowerCase()} of this company.
          </p>
        </div>
        <LeaveCompany member={member} companyName={company.name} />
      </div>
      <TabStrip
        label="Company sections"
        tabs={tabs}
        selected={tab}
        labelOf={(name) => TAB_LABELS[name]}
        onSelect={(name) => setSearch({ tab: name }, { replace: true })}
        idPrefix="company-tab"
        panelId="company-panel"
      />
      <div role="tabpanel" id="company-panel" aria-labelledby={`company-tab-${tab}`}>
        {tab === 'details' ? (
          <div className="flex flex-col gap-4">
            <CompanyDetails company={company} canEdit={rights.manage} />
            {detailsExtra?.({ manage: rights.manage, finance: member.role === 'finance' })}
          </div>
        ) : null}
        {tab === 'members' ? <MembersPanel me={member} canManage={rights.manage} /> : null}
        {tab === 'invitations' ? <InvitationsPanel /> : null}
        {tab === 'addresses' ? <AddressesPanel canEdit={rights.manage} /> : null}
        {tab === 'approvals' ? <ApprovalsPanel me={member} canApprove={rights.approve} /> : null}
        {tab === 'lists' ? <SavedListsPanel canEdit={rights.order} searchParts={searchParts} /> : null}
        {tab === 'partNumbers' ? <PartNumbersPanel canEdit={rights.manage} /> : null}
        {tab === 'apiKeys' ? apiKeys : null}
        {tab === 'webhooks' ? webhooks : null}
      </div>
    </div>
  );
};
