import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyApplication } from '@forgeline/shared/schemas/company';
import { expectEachText, jsonResponse, renderWithProviders } from '../../../test/render';
import CompanyApplicationsRoute from './company-applications';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const application = (over: Partial<CompanyApplication>): CompanyApplication => ({
  id: 'a1',
  companyName: 'Cobalt Tools GmbH',
  taxId: 'DE123456789',
  note: 'We order bearings monthly',
  status: 'pending',
  applicant: { id: 'u9', name: 'Cleo', email: 'cleo@cobalt.example' },
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  country: 'DE',
  region: null,
  ...over,
});

const list = [
  application({ id: 'a0', companyName: 'Old Mill Ltd', status: 'declined', reason: 'Not a business' }),
  application({}),
];

const stubServer = () => {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (init?.method === 'POST')
      return url.pathname.endsWith('/approve')
        ? jsonResponse({ application: list[1], company: { id: 'c5', name: 'Cobalt Tools GmbH' } })
        : jsonResponse({ ...list[1], status: 'declined' });
    const status = url.searchParams.get('status');
    return jsonResponse(status === 'all' ? list : list.filter((a) => a.status === 'pending'));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

describe('Business applications (admin)', () => {
  it('shows pending ones, and all of them pending first when asked, kept in the address', async () => {
    const fetchMock = stubServer();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<CompanyApplicationsRoute />, {
      route: '/dashboard/companyApplications',
    });
    await waitFor(() => expect(screen.getAllByTestId('application')).toHaveLength(1));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/companyApplications?status=pending');
    expectEachText(screen.getByTestId('application'), [
      'Cobalt Tools GmbH',
      'DE123456789',
      'We order bearings monthly',
      'cleo@cobalt.example',
    ]);

    await user.selectOptions(screen.getByLabelText('Show'), 'All');
    await waitFor(() => expect(screen.getAllByTestId('application')).toHaveLength(2));
    expect(router.state.location.search).toBe('?status=all');
    const [first, second] = screen.getAllByTestId('application');
    expect(first).toHaveTextContent('Cobalt Tools GmbH');
    expect(second).toHaveTextContent('Old Mill LtdDeclined');
    expect(second).toHaveTextContent('Not a business');
    expect(within(second!).queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('approves, and declines with the reason typed', async () => {
    const fetchMock = stubServer();
    const user = userEvent.setup();
    renderWithProviders(<CompanyApplicationsRoute />, { route: '/dashboard/companyApplications' });
    await user.click(await screen.findByRole('button', { name: 'Approve Cobalt Tools GmbH' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/companyApplications/a1/approve', expect.anything()),
    );

    await user.click(screen.getByRole('button', { name: 'Decline Cobalt Tools GmbH' }));
    await user.type(screen.getByLabelText(/Reason/), 'Please apply with your VAT number');
    await user.click(screen.getByRole('button', { name: 'Decline application' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/companyApplications/a1/decline', expect.anything()),
    );
    const decline = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/decline'))!;
    expect(JSON.parse(String(decline[1]!.body))).toEqual({ reason: 'Please apply with your VAT number' });
  });
});
