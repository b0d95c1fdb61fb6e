import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders, sentRequest } from '../../../../test/render';
import { ProfileForm } from './profile-form';

const toastInfo = vi.fn();
vi.mock('react-toastify', () => ({
  toast: { info: (...args: unknown[]) => toastInfo(...args), error: vi.fn() },
}));
const successDialog = vi.fn(async (_title: string) => undefined);
vi.mock('@/lib/dialogs', () => ({ successDialog: (title: string) => successDialog(title) }));

afterEach(() => {
  vi.unstubAllGlobals();
  toastInfo.mockReset();
  successDialog.mockClear();
});

const empty = { phone: null, address: null, profession: null };

describe('ProfileForm', () => {
  it('requires phone, address and profession (docs/product.md §5)', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ProfileForm email="ada@example.com" initial={empty} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Phone is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    expect(screen.getByText('Profession is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("saves, and shows 'Successfully Updated Your Profile'", async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ modifiedCount: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ProfileForm email="ada@example.com" initial={empty} />);
    await userEvent.type(screen.getByLabelText('Phone'), '+1 555 0100');
    await userEvent.type(screen.getByLabelText('Address'), '1 Engine Way');
    await userEvent.type(screen.getByLabelText('Profession'), 'Mathematician');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(successDialog).toHaveBeenCalledWith('Successfully Updated Your Profile'));
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/userInfo?email=ada%40example.com',
      method: 'PUT',
      body: {
        phone: '+1 555 0100',
        address: '1 Engine Way',
        profession: 'Mathematician',
      },
    });
  });

  it("says 'Profile already updated' when nothing changed", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ modifiedCount: 0 })),
    );
    renderWithProviders(
      <ProfileForm
        email="ada@example.com"
        initial={{ phone: '+1 555 0100', address: '1 Engine Way', profession: 'Mathematician' }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(toastInfo).toHaveBeenCalledWith('Profile already updated'));
    expect(successDialog).not.toHaveBeenCalled();
  });
});
