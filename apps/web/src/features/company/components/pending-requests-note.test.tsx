import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, renderWithProviders as render } from '../../../../test/render';
import { makeRequest, myCompany, stubApi } from '../../../../test/company';
import { PendingRequestsNote } from './pending-requests-note';

afterEach(() => vi.unstubAllGlobals());

describe('PendingRequestsNote', () => {
  it('tells a buyer that their order waits for approval, with the way to it, above My Orders', async () => {
    stubApi({
      'GET /company': jsonResponse(myCompany({ role: 'buyer' })),
      'GET /company/requests': jsonResponse([makeRequest()]),
    });
    render(<PendingRequestsNote />);
    const note = await screen.findByTestId('pending-requests');
    expect(note).toHaveTextContent(
      'Request RQ-100001 waits for approval: nothing is ordered until an approver of your company decides.',
    );
    expect(screen.getByRole('link', { name: 'See it in your company’s approvals' })).toHaveAttribute(
      'href',
      '/dashboard/company?tab=approvals',
    );
  });

  it('counts several, and says nothing when none waits or outside a company', async () => {
    stubApi({
      'GET /company': jsonResponse(myCompany({ role: 'approver' })),
      'GET /company/requests': jsonResponse([makeRequest(), makeRequest({ id: 'r2', number: 'RQ-100002' })]),
    });
    const { unmount } = render(<PendingRequestsNote />);
    expect(await screen.findByTestId('pending-requests')).toHaveTextContent(/^2 requests wait for approval/);
    unmount();

    const calls = stubApi({
      'GET /company': jsonResponse({ company: null, member: null, application: null }),
    });
    render(<PendingRequestsNote />);
    await vi.waitFor(() => expect(calls.some((call) => call.key === 'GET /company')).toBe(true));
    expect(calls.some((call) => call.key === 'GET /company/requests')).toBe(false);
    expect(screen.queryByTestId('pending-requests')).toBeNull();
  });
});
