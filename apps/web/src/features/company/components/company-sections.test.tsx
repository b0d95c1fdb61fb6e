import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@forgeline/shared/schemas/product';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { makeAddress, myCompany, stubApi } from '../../../../test/company';
import { CompanyPage } from './company-page';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('@/lib/dialogs', () => ({ confirmDialog: vi.fn(async () => true) }));
afterEach(() => vi.unstubAllGlobals());

const bearing = { _id: 'p1', sku: 'FL-BRG-6204', name: 'Ball bearing', minOrder: 50 } as Product;
const searchParts = vi.fn(async () => [bearing]);
const renderPage = (tab: string) =>
  renderWithProviders(<CompanyPage searchParts={searchParts} />, {
    route: '/dashboard/company',
    path: `/dashboard/company?tab=${tab}`,
  });

describe('Company details', () => {
  it('lets the company admin clear the tax ID and forbid typed addresses', async () => {
    const calls = stubApi({
      'GET /company': jsonResponse(myCompany()),
      'PATCH /company': jsonResponse(myCompany().company),
    });
    renderPage('details');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    await userEvent.clear(screen.getByLabelText('Tax / VAT ID'));
    await userEvent.click(screen.getByLabelText('Buyers may type a delivery address'));
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'PATCH /company')?.body).toMatchObject({
        name: 'Acme Fabrication Ltd',
        taxId: '',
        billingAddress: '1 Mill Road, Leeds',
        allowFreeTextAddress: false,
      }),
    );
    // The country decides the company's tax: the shop changes it, so the form shows it and never sends it.
    const body = calls.find((call) => call.key === 'PATCH /company')?.body;
    expect(body).not.toHaveProperty('country');
    expect(body).not.toHaveProperty('region');
  });

  it('shows the company admin the country as the shop set it, with no way to change it', async () => {
    stubApi({ 'GET /company': jsonResponse(myCompany()) });
    renderPage('details');
    expect(await screen.findByTestId('company-details')).toHaveTextContent('Germany (DE)');
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    expect(screen.getByTestId('company-country')).toHaveTextContent('Country: Germany (DE)');
    expect(screen.queryByLabelText('Country')).not.toBeInTheDocument();
  });
});

describe('Company addresses', () => {
  it('lets the company admin add a delivery site', async () => {
    const calls = stubApi({
      'GET /company': jsonResponse(myCompany()),
      'GET /company/addresses': jsonResponse([]),
      'POST /company/addresses': jsonResponse(makeAddress(), 201),
    });
    renderPage('addresses');
    await userEvent.click(await screen.findByRole('button', { name: 'Add an address' }));
    await userEvent.type(screen.getByLabelText('Label'), 'Leeds plant');
    await userEvent.type(screen.getByLabelText('Contact'), 'Bob');
    await userEvent.type(screen.getByLabelText('Phone'), '+44 113 000000');
    await userEvent.type(screen.getByLabelText('Address'), '9 Forge Lane, Leeds');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /company/addresses')?.body).toEqual({
        label: 'Leeds plant',
        contact: 'Bob',
        phone: '+44 113 000000',
        address: '9 Forge Lane, Leeds',
      }),
    );
  });

  it('shows the sites to a buyer without a way to change them', async () => {
    stubApi({
      'GET /company': jsonResponse(myCompany({ role: 'buyer' })),
      'GET /company/addresses': jsonResponse([makeAddress()]),
    });
    renderPage('addresses');
    expect(await screen.findByTestId('company-address')).toHaveTextContent('9 Forge Lane, Leeds');
    expect(screen.queryByRole('button', { name: 'Add an address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Leeds plant' })).not.toBeInTheDocument();
  });
});

describe('Saved lists', () => {
  it('creates a list from parts picked in the catalogue', async () => {
    const calls = stubApi({
      'GET /company': jsonResponse(myCompany({ role: 'buyer' })),
      'GET /company/lists': jsonResponse([]),
      'POST /company/lists': jsonResponse({}, 201),
    });
    renderPage('lists');
    await userEvent.click(await screen.findByRole('button', { name: 'New list' }));
    await userEvent.type(screen.getByLabelText('List name'), 'Monthly bearings');
    await userEvent.type(screen.getByRole('combobox'), '6204');
    await userEvent.click(await screen.findByRole('option', { name: /FL-BRG-6204/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to list' }));
    const quantity = screen.getByLabelText('Quantity of FL-BRG-6204 · Ball bearing');
    expect(quantity).toHaveValue(50);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '200');
    await userEvent.click(screen.getByRole('button', { name: 'Save list' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /company/lists')?.body).toEqual({
        name: 'Monthly bearings',
        lines: [{ productId: 'p1', quantity: 200 }],
      }),
    );
  });

  it('lets finance read the lists without changing them', async () => {
    stubApi({
      'GET /company': jsonResponse(myCompany({ role: 'finance' })),
      'GET /company/lists': jsonResponse([
        {
          id: 'l1',
          name: 'Monthly bearings',
          createdBy: 'Ada',
          updatedAt: '2026-11-20T10:00:00.000Z',
          lines: [],
        },
      ]),
    });
    renderPage('lists');
    expect(await screen.findByTestId('saved-list')).toHaveTextContent('Monthly bearings');
    expect(screen.queryByRole('button', { name: 'New list' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add all to cart' })).not.toBeInTheDocument();
  });
});
