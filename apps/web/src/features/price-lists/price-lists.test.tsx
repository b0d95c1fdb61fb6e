import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PriceExplanation, PriceListImportReport } from '@forgeline/shared/schemas/price-list';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { formatBreaks, parseBreaks, ruleLabel, validityLabel } from './breaks';
import { ItemForm } from './components/item-form';
import ImportPriceListPanel from './components/import-price-list-panel';
import { PriceCheck } from './components/price-check';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

describe('price breaks and labels', () => {
  it('reads and writes breaks as quantity:price; a part that is not one is named', () => {
    expect(parseBreaks(' 10:4.50 ; 50:4 ;')).toEqual({
      tiers: [
        { minQuantity: 10, price: 4.5 },
        { minQuantity: 50, price: 4 },
      ],
    });
    expect(parseBreaks('10-4.50')).toEqual({
      problem: "'10-4.50' is not quantity:price (write them like 10:4.50;50:4.00)",
    });
    expect(formatBreaks([{ minQuantity: 10, price: 4.5 }])).toBe('10:4.50');
    expect(ruleLabel(30, 'all')).toBe('30 % off all parts');
    expect(ruleLabel(null, 'all')).toBe('Fixed prices only');
    expect(validityLabel('2026-01-01', null)).toBe('From 2026-01-01');
  });
});

describe('ItemForm', () => {
  it('refuses breaks that rise in price or are written wrong, saving nothing', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderWithProviders(<ItemForm save={save} onDone={vi.fn()} />);
    await user.type(screen.getByLabelText('Part number'), 'fl-brg-6204');
    await user.type(screen.getByLabelText('Price ($)'), '5');
    await user.type(screen.getByLabelText('Price breaks'), '10:4.50;50');
    await user.click(screen.getByRole('button', { name: 'Add part' }));
    expect(await screen.findByText(/'50' is not quantity:price/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Price breaks'));
    await user.type(screen.getByLabelText('Price breaks'), '10:6');
    await user.click(screen.getByRole('button', { name: 'Add part' }));
    expect(
      await screen.findByText(/the price must not be more than the price before it/),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Price breaks'));
    await user.clear(screen.getByLabelText('Price ($)'));
    await user.type(screen.getByLabelText('Price ($)'), '-1');
    await user.click(screen.getByRole('button', { name: 'Add part' }));
    expect(await screen.findByText('Price must be more than 0')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('sends the part number, the price and the breaks; an empty price leaves the part to the rule', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderWithProviders(<ItemForm save={save} onDone={vi.fn()} />);
    await user.type(screen.getByLabelText('Part number'), 'fl-brg-6204');
    await user.type(screen.getByLabelText('Price ($)'), '4.80');
    await user.type(screen.getByLabelText('Price breaks'), '10:4.50;50:4.00');
    await user.click(screen.getByRole('button', { name: 'Add part' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        sku: 'FL-BRG-6204',
        price: 4.8,
        tiers: [
          { minQuantity: 10, price: 4.5 },
          { minQuantity: 50, price: 4 },
        ],
      }),
    );
  });
});

describe('ImportPriceListPanel', () => {
  it('shows the dry run, then imports on confirm', async () => {
    const report: PriceListImportReport = {
      dryRun: true,
      written: false,
      counts: { rows: 2, create: 1, update: 1, unchanged: 0, refused: 0 },
      fileErrors: [],
      rows: [
        { line: 2, sku: 'FL-A', name: 'A', action: 'create', errors: [] },
        { line: 3, sku: 'FL-B', name: 'B', action: 'update', errors: [] },
      ],
    };
    const fetchMock = vi.fn(async (_input: string, _init?: RequestInit) => jsonResponse(report));
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    renderWithProviders(<ImportPriceListPanel listId="l1" onClose={onClose} />);
    await userEvent.upload(
      screen.getByLabelText('CSV file'),
      new File(['Part number,Price\n'], 'list.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByTestId('import-summary')).toHaveTextContent(
      '2 rows: 1 to add, 1 to change, 0 unchanged, 0 refused.',
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/price-lists/l1/import?dryRun=true');
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls[1]?.[0])).toContain('dryRun=false');
  });
});

describe('PriceCheck', () => {
  it('asks for the part and quantity and says the price, the list and the break', async () => {
    const answer: PriceExplanation = {
      product: { id: 'p1', sku: 'FL-A', name: 'Bracket' },
      listPrice: 10,
      listTiers: [{ minQuantity: 10, price: 9 }],
      price: 7,
      tiers: [{ minQuantity: 10, price: 6.3 }],
      source: {
        kind: 'price-list',
        listId: 'l1',
        listName: 'Distributor',
        basis: 'percent-off',
        percentOff: 30,
      },
      day: '2026-11-27',
      quantity: 12,
      breakInForce: { minQuantity: 10, price: 6.3 },
      unitPrice: 6.3,
      considered: [{ listName: 'Distributor', outcome: '$7.00: 30 % off the list price.' }],
      visible: true,
    };
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(answer));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<PriceCheck companyId="c1" />);
    await user.type(screen.getByLabelText('Part number'), 'fl-a');
    await user.type(screen.getByLabelText('Quantity'), '12');
    await user.click(screen.getByRole('button', { name: 'Check price' }));
    expect(await screen.findByTestId('price-check-price')).toHaveTextContent('$ 6.30');
    expect(screen.getByTestId('price-check-why')).toHaveTextContent('Distributor: 30 % off the list price.');
    expect(screen.getByText(/Break in force: from 10 pcs/)).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/companies/c1/prices/fl-a?quantity=12');
  });
});
