import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import type { ProductImportReport } from '@forgeline/shared/schemas/product-import';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import ImportProductsPanel from './import-products-panel';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const report = (overrides: Partial<ProductImportReport> = {}): ProductImportReport => ({
  dryRun: true,
  written: false,
  counts: { rows: 3, create: 1, update: 1, unchanged: 1, refused: 0 },
  fileErrors: [],
  rows: [
    { line: 2, sku: 'FL-NEW', name: 'New bracket', action: 'create', changes: [], errors: [] },
    { line: 3, sku: 'FL-P1', name: 'Part 1', action: 'update', changes: ['Price', 'Stock'], errors: [] },
    { line: 4, sku: 'FL-P2', name: 'Part 2', action: 'unchanged', changes: [], errors: [] },
  ],
  ...overrides,
});

const refused = report({
  counts: { rows: 3, create: 1, update: 0, unchanged: 0, refused: 2 },
  rows: [
    { line: 2, sku: 'FL-NEW', name: 'New bracket', action: 'create', changes: [], errors: [] },
    {
      line: 3,
      sku: 'FL-P1',
      name: 'Part 1',
      action: 'update',
      changes: [],
      errors: ['Minimum Order Quantity (50) is more than the Available Quantity (40).'],
    },
    {
      line: 4,
      sku: '',
      name: 'No part',
      action: 'create',
      changes: [],
      errors: ['Part number is required: rows are matched to products by it.', 'Description is required'],
    },
  ],
});

const file = () => new File(['Part number,Name\n'], 'products.csv', { type: 'text/csv' });

describe('ImportProductsPanel', () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks the chosen file with a dry run and shows every refused row with its problems, no Import button', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(refused));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ImportProductsPanel onClose={vi.fn()} />);
    await userEvent.upload(screen.getByLabelText('CSV file'), file());

    expect(await screen.findByTestId('import-summary')).toHaveTextContent(
      '3 rows: 1 to add, 0 to update, 0 unchanged, 2 refused.',
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/products/import?dryRun=true');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(Blob);
    expect((init.body as Blob).type).toBe('text/csv');

    const rows = screen.getAllByTestId('import-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('3');
    expect(rows[0]).toHaveTextContent(
      'Minimum Order Quantity (50) is more than the Available Quantity (40).',
    );
    expect(within(rows[1]!).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
  });

  it("imports the checked file with 'Import N rows', toasts the counts and closes", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(report()))
      .mockResolvedValueOnce(jsonResponse(report({ dryRun: false, written: true })));
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    renderWithProviders(<ImportProductsPanel onClose={onClose} />);
    await userEvent.upload(screen.getByLabelText('CSV file'), file());

    const rows = await screen.findAllByTestId('import-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '2FL-NEWNew bracketAdd',
      '3FL-P1Part 1Update: Price, Stock',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Products imported: 1 added, 1 updated'));
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/products/import?dryRun=false');
    expect(onClose).toHaveBeenCalled();
  });

  it('a real run refused by the server shows its report and says the import failed', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(report()))
      .mockResolvedValueOnce(
        jsonResponse(
          {
            message: '2 of 3 rows cannot be imported; nothing was written.',
            code: 'VALIDATION_FAILED',
            report: { ...refused, dryRun: false },
          },
          400,
        ),
      );
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    renderWithProviders(<ImportProductsPanel onClose={onClose} />);
    await userEvent.upload(screen.getByLabelText('CSV file'), file());
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 rows' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Failed to import the products: 2 of 3 rows cannot be imported; nothing was written.',
      ),
    );
    expect(await screen.findByText('Rows that cannot be imported')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a file that cannot be read says why', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse(
          {
            message: "The header row lacks 'Part number'.",
            code: 'VALIDATION_FAILED',
            report: report({
              counts: { rows: 0, create: 0, update: 0, unchanged: 0, refused: 0 },
              fileErrors: ["The header row lacks 'Part number'."],
              rows: [],
            }),
          },
          400,
        ),
      ),
    );
    renderWithProviders(<ImportProductsPanel onClose={vi.fn()} />);
    await userEvent.upload(screen.getByLabelText('CSV file'), file());
    expect(await screen.findByRole('alert')).toHaveTextContent("The header row lacks 'Part number'.");
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
  });
});
