import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@forgeline/shared/schemas/audit';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import AuditRoute from './audit';

const entries: AuditEntry[] = [
  {
    _id: 'a2',
    at: '2026-11-24T10:05:00.000Z',
    actorEmail: 'ops.admin@forgeline.dev',
    action: 'product.edited',
    subjectType: 'product',
    subjectId: 'p1',
    subjectLabel: 'Hex Flange Bolt M12',
    before: { priceCents: 30, minOrder: 100 },
    after: { priceCents: 35, minOrder: 200 },
  },
  {
    _id: 'a1',
    at: '2026-11-24T09:00:00.000Z',
    actorEmail: 'ops.admin@forgeline.dev',
    action: 'order.refunded',
    subjectType: 'order',
    subjectId: 'o1',
    subjectLabel: 'FL-100042',
    before: null,
    after: { refunded: 12.5, transactionId: 'pi_123' },
  },
];

afterEach(() => vi.unstubAllGlobals());

const imported: AuditEntry = {
  _id: 'a3',
  at: '2026-11-24T11:00:00.000Z',
  actorEmail: 'ops.admin@forgeline.dev',
  action: 'product.imported',
  subjectType: 'product',
  subjectId: null,
  subjectLabel: 'CSV import: 1 added, 1 updated, 3 unchanged',
  before: { updated: { 'FL-BRG-6204': { priceCents: 285 } } },
  after: {
    counts: { create: 1, update: 1, unchanged: 3 },
    added: ['FL-NEW-1'],
    updated: { 'FL-BRG-6204': { priceCents: 295 } },
  },
};

describe('the audit log page', () => {
  it('reads an import as its counts, the part numbers added and each change by part number', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse([imported], 200, { 'x-total-count': '1' }));
    renderWithProviders(<AuditRoute />, { route: '/dashboard/audit' });
    const row = within(await screen.findByTestId('audit-row'));
    expect(row.getByText('counts: create 1, update 1, unchanged 3')).toBeInTheDocument();
    expect(row.getByText('added: FL-NEW-1')).toBeInTheDocument();
    expect(row.getByText('updated FL-BRG-6204 price: $2.85 → $2.95')).toBeInTheDocument();
  });

  it('shows who did what to which subject and what changed, and filters through the address', async () => {
    const fetchMock = vi.fn(async (input: string) => {
      const action = new URL(input, 'http://localhost').searchParams.get('action');
      const list = action ? entries.filter((e) => e.action === action) : entries;
      return jsonResponse(list, 200, { 'x-total-count': String(list.length) });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderWithProviders(<AuditRoute />, { route: '/dashboard/audit' });

    const rows = await screen.findAllByTestId('audit-row');
    expect(rows).toHaveLength(2);
    const edited = within(rows[0]!);
    expect(edited.getByText('Edited product')).toBeInTheDocument();
    expect(edited.getByText('Hex Flange Bolt M12')).toBeInTheDocument();
    expect(edited.getByText('price: $0.30 → $0.35')).toBeInTheDocument();
    expect(edited.getByText('min order: 100 → 200')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('refunded: $12.50')).toBeInTheDocument();
    expect(screen.getByTestId('audit-count')).toHaveTextContent('(Total: 2)');

    await user.selectOptions(screen.getByLabelText('Action'), 'Refunded order');
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    expect(router.state.location.search).toBe('?action=order.refunded');
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('action=order.refunded');

    await user.type(screen.getByLabelText('Admin'), 'ops.admin');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?action=order.refunded&actor=ops.admin'));
  });

  it('says so when no entry matches', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([], 200, { 'x-total-count': '0' })),
    );
    renderWithProviders(<AuditRoute />, {
      route: '/dashboard/audit',
      path: '/dashboard/audit?action=user.deleted',
    });
    expect(await screen.findByText('No entry matches these filters.')).toBeInTheDocument();
  });
});
