import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserSummary } from '@forgeline/shared/schemas/user';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import MakeAdminRoute from './make-admin';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const people: UserSummary[] = Array.from({ length: 45 }, (_, index) => ({
  _id: `u${index + 1}`,
  name: index === 44 ? 'Grace Hopper' : `Customer ${index + 1}`,
  email: index === 44 ? 'grace@navy.example' : `customer${index + 1}@example.com`,
  role: index === 0 ? 'admin' : undefined,
})) as UserSummary[];

const stubUsers = () => {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname !== '/api/users') return jsonResponse(null);
    const search = url.searchParams.get('search')?.toLowerCase() ?? '';
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit'));
    const matches = people.filter((p) => `${p.email} ${p.name}`.toLowerCase().includes(search));
    return jsonResponse(matches.slice((page - 1) * limit, page * limit), 200, {
      'x-total-count': String(matches.length),
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const rows = () => screen.queryAllByTestId('user-row');
const userCalls = (fetchMock: ReturnType<typeof stubUsers>) =>
  fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/users'));

afterEach(() => vi.unstubAllGlobals());

describe('Make Admin', () => {
  it('asks the server for one page of 20 and pages with Previous / Next', async () => {
    const fetchMock = stubUsers();
    const user = userEvent.setup();
    renderWithProviders(<MakeAdminRoute />);
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.getByTestId('users-total')).toHaveTextContent('(Total Users: 45)');
    expect(userCalls(fetchMock)).toEqual(['/api/users?limit=20&page=1']);

    const pages = screen.getByRole('navigation', { name: 'Users pages' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeInTheDocument());
    await waitFor(() =>
      expect(within(rows()[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent('21'),
    );
  });

  it('searches by e-mail or name from page 1 and says when nothing matches', async () => {
    const fetchMock = stubUsers();
    const user = userEvent.setup();
    renderWithProviders(<MakeAdminRoute />);
    await waitFor(() => expect(rows()).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeInTheDocument());

    const box = screen.getByRole('searchbox', { name: 'Search users' });
    await user.type(box, 'grace');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(userCalls(fetchMock)).toContain('/api/users?limit=20&page=1&search=grace');
    expect(screen.getByTestId('users-total')).toHaveTextContent('(Total Users: 1 matching)');
    expect(screen.queryByRole('navigation', { name: 'Users pages' })).toBeNull();

    await user.clear(box);
    await user.type(box, 'zzz');
    expect(await screen.findByText('No users match "zzz".')).toBeInTheDocument();
  });

  it('keeps the search and the page in the address, and opens a link to them as they were', async () => {
    const fetchMock = stubUsers();
    const user = userEvent.setup();
    const { router, unmount } = renderWithProviders(<MakeAdminRoute />, { route: '/dashboard/makeAdmin' });
    await waitFor(() => expect(rows()).toHaveLength(20));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'customer');
    await waitFor(() => expect(router.state.location.search).toBe('?search=customer'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=customer&page=2'));
    unmount();

    // A reload, or the link sent to a colleague.
    renderWithProviders(<MakeAdminRoute />, {
      route: '/dashboard/makeAdmin',
      path: '/dashboard/makeAdmin?search=customer&page=2',
    });
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('customer');
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeInTheDocument());
    expect(userCalls(fetchMock)).toContain('/api/users?limit=20&page=2&search=customer');
  });
});
