import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeCompanySummary } from '../../../test/companies';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import CompaniesRoute from './companies';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const all = Array.from({ length: 45 }, (_, i) => makeCompanySummary(i + 1));

/** The server's GET /companies as far as this page needs it: search by name or tax ID, pages of `limit`. */
const stubServer = (onPost?: (body: unknown) => Response) => {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    if (init?.method === 'POST') return onPost!(JSON.parse(String(init.body)));
    const url = new URL(input, 'http://localhost');
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit'));
    const matches = all.filter((c) => `${c.name} ${c.taxId ?? ''}`.toLowerCase().includes(search));
    return jsonResponse(matches.slice((page - 1) * limit, page * limit), 200, {
      'x-total-count': String(matches.length),
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

describe('Companies (admin)', () => {
  it('lists a page with name, tax ID, members, terms, credit limit and created, linked to the company', async () => {
    const fetchMock = stubServer();
    renderWithProviders(<CompaniesRoute />, { route: '/dashboard/companies' });
    await waitFor(() => expect(screen.getAllByTestId('company-row')).toHaveLength(20));
    expect(screen.getByTestId('companies-total')).toHaveTextContent('(Total: 45)');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/companies?limit=20&page=1');
    const [first, second] = screen.getAllByTestId('company-row');
    expect(first).toHaveTextContent('Acme Works 1DE1000000013Net 30 days$ 50001 Nov 2026');
    expect(second).toHaveTextContent('Borg Ltd 2—3Card only—');
    expect(within(first!).getByRole('link', { name: 'Acme Works 1' })).toHaveAttribute(
      'href',
      '/dashboard/companies/c1',
    );
  });

  it('keeps the page and the search in the address, and Back returns to the page before', async () => {
    const fetchMock = stubServer();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<CompaniesRoute />, { route: '/dashboard/companies' });
    await waitFor(() => expect(screen.getByTestId('companies-page')).toHaveTextContent('Page 1 of 3'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('companies-page')).toHaveTextContent('Page 2 of 3'));
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(screen.getAllByTestId('company-row')[0]).toHaveTextContent('Acme Works 21'));

    await router.navigate(-1 as never);
    await waitFor(() => expect(screen.getByTestId('companies-page')).toHaveTextContent('Page 1 of 3'));

    await user.type(screen.getByRole('searchbox', { name: 'Search companies' }), 'borg{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('companies-total')).toHaveTextContent('(Total: 22 matching)'),
    );
    expect(router.state.location.search).toBe('?search=borg');
    expect(new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://x').searchParams.get('search')).toBe(
      'borg',
    );
  });

  it('says when no company matches', async () => {
    stubServer();
    renderWithProviders(<CompaniesRoute />, {
      route: '/dashboard/companies',
      path: '/dashboard/companies?search=nobody',
    });
    expect(await screen.findByText('No company matches "nobody".')).toBeInTheDocument();
  });

  it('creates a company with the checked fields and goes to its page', async () => {
    const created = vi.fn((body: unknown) =>
      jsonResponse({ id: 'c99', name: (body as { name: string }).name }, 201),
    );
    stubServer(created);
    const user = userEvent.setup();
    const { router } = renderWithProviders(<CompaniesRoute />, {
      route: '/dashboard/companies',
      routes: [{ path: '/dashboard/companies/:id', element: <p>company page</p> }],
    });
    await user.click(screen.getByRole('button', { name: 'New company' }));
    const form = screen.getByRole('form', { name: 'New company' });
    await user.click(within(form).getByRole('button', { name: 'Create company' }));
    expect(await within(form).findByText('Please enter the company’s legal name')).toBeInTheDocument();
    expect(created).not.toHaveBeenCalled();

    await user.type(within(form).getByLabelText('Legal name'), 'Cobalt Tools GmbH');
    await user.type(within(form).getByLabelText('Billing address'), '5 Hafenstrasse, Hamburg');
    await user.selectOptions(within(form).getByLabelText('Country'), 'DE');
    await user.click(within(form).getByRole('button', { name: 'Create company' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/companies/c99'));
    expect(created).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Cobalt Tools GmbH',
        billingAddress: '5 Hafenstrasse, Hamburg',
        country: 'DE',
      }),
    );
  });

  it("shows the server's per-field refusal under its field", async () => {
    stubServer(() =>
      jsonResponse(
        {
          code: 'CONFLICT',
          message: 'A company by this name exists already',
          details: { name: 'Acme Works is a customer already' },
        },
        409,
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<CompaniesRoute />, { route: '/dashboard/companies' });
    await user.click(screen.getByRole('button', { name: 'New company' }));
    await user.type(screen.getByLabelText('Legal name'), 'Acme Works');
    await user.type(screen.getByLabelText('Billing address'), '1 Mill Road');
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('Acme Works is a customer already')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('A company by this name exists already');
  });
});
