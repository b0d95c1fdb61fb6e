import type { CompanySummary } from '@forgeline/shared/schemas/company';
import { formatPrice } from '@forgeline/shared/money';
import { dashboardPaths } from '@/config/dashboard-paths';
import { Link } from '@/components/ui/link';
import { DataTable } from '@/components/ui/data-table';
import { formatDay } from '@/lib/format-date';

/** 'Net 30 days' or 'Card only': what a company's buyers may choose at checkout. */
export const termsLabel = (termsDays: number | null) => (termsDays ? `Net ${termsDays} days` : 'Card only');

/** The Companies list: each row links to the company's page. Stacks into cards on a phone. */
export const CompaniesTable = ({ companies }: { companies: CompanySummary[] }) => (
  <DataTable
    label="Companies table"
    stackBelow="3xl"
    columns={['Company', 'Tax ID', 'Members', 'Terms', 'Credit limit', 'Created']}
    rows={companies}
    renderRow={(company) => (
      <tr key={company.id} data-testid="company-row">
        <th scope="row" data-label="Company">
          <Link
            className="link link-primary font-semibold"
            to={dashboardPaths.adminCompany.getHref(company.id)}
          >
            {company.name}
          </Link>
        </th>
        <td data-label="Tax ID">
          <span className="font-mono text-xs">{company.taxId ?? '—'}</span>
        </td>
        <td data-label="Members">{company.memberCount}</td>
        <td data-label="Terms">{termsLabel(company.termsDays)}</td>
        <td data-label="Credit limit">{company.termsDays ? `$ ${formatPrice(company.creditLimit)}` : '—'}</td>
        <td data-label="Created">{formatDay(company.createdAt)}</td>
      </tr>
    )}
  />
);
