import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PartDocument } from '@forgeline/shared/schemas/documents';
import type { ProductLifecycle } from '@forgeline/shared/schemas/product';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ProductExtrasEditor } from './manage-products';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const sheet: PartDocument = {
  id: 'd1',
  productId: 'p1',
  kind: 'datasheet',
  title: 'Datasheet',
  fileName: 'bearing.pdf',
  size: 120_000,
  contentType: 'application/pdf',
  visibility: 'public',
  revision: null,
  revisedOn: null,
  url: '/api/documents/d1/file',
  createdAt: '2026-11-27T10:00:00.000Z',
};

/** The server as the dialog sees it: the part's documents and lifecycle, and every write it was sent. */
function fakeServer(lifecycle: ProductLifecycle) {
  const writes: { method: string; path: string; body: unknown }[] = [];
  let documents = [sheet];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const { pathname } = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      if (pathname.endsWith('/access')) return jsonResponse({ restricted: false, allow: [], deny: [] });
      if (method === 'GET') return jsonResponse(pathname.endsWith('/documents') ? documents : lifecycle);
      const body =
        init?.body instanceof FormData
          ? Object.fromEntries(init.body)
          : JSON.parse(String(init?.body ?? 'null'));
      writes.push({ method, path: pathname, body });
      if (method === 'POST') {
        const added = {
          ...sheet,
          id: 'd2',
          kind: 'cad' as const,
          title: 'Housing',
          fileName: 'housing.step',
        };
        documents = [...documents, added];
        return jsonResponse(added, 201);
      }
      if (method === 'PATCH') {
        documents = documents.map((d) => (d.id === 'd1' ? { ...d, ...(body as object) } : d));
        return jsonResponse(documents[0]);
      }
      if (method === 'DELETE') {
        documents = documents.filter((d) => !pathname.includes(d.id));
        return new Response(null, { status: 204 });
      }
      return jsonResponse(body);
    }),
  );
  return writes;
}

describe('the Update dialog: documents, discontinued and related parts', () => {
  it('attaches a STEP file, renames a document, makes it signed-in only and removes it', async () => {
    const writes = fakeServer({ discontinued: false, replacement: null, related: [] });
    const user = userEvent.setup();
    renderWithProviders(<ProductExtrasEditor productId="p1" />);
    const file = new File(['ISO-10303-21;'], 'housing.step', { type: 'application/octet-stream' });
    const form = within(await screen.findByRole('form', { name: 'Attach a document' }));
    await user.upload(form.getByLabelText(/^File/), file);
    await user.selectOptions(form.getByLabelText('Kind'), 'cad');
    await user.selectOptions(form.getByLabelText('Who may download it'), 'customers');
    await user.click(form.getByRole('button', { name: 'Attach document' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-document')).toHaveLength(2));
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/api/product/p1/documents',
      body: { kind: 'cad', visibility: 'customers', file: expect.any(File) },
    });

    const [first] = screen.getAllByTestId('admin-document');
    const title = within(first!).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Datasheet (EN)');
    await user.click(within(first!).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toEqual({
      method: 'PATCH',
      path: '/api/documents/d1',
      body: { title: 'Datasheet (EN)' },
    });

    const [renamed] = screen.getAllByTestId('admin-document');
    await user.selectOptions(within(renamed!).getByLabelText('Who may download it'), 'customers');
    await waitFor(() => expect(writes).toHaveLength(3));
    expect(writes[2]).toEqual({
      method: 'PATCH',
      path: '/api/documents/d1',
      body: { visibility: 'customers' },
    });

    const [revised] = screen.getAllByTestId('admin-document');
    expect(within(revised!).getByRole('button', { name: 'Save revision' })).toBeDisabled();
    await user.type(within(revised!).getByLabelText('Revision'), 'B');
    await user.type(within(revised!).getByLabelText('Revision date'), '2026-03-01');
    await user.click(within(revised!).getByRole('button', { name: 'Save revision' }));
    await waitFor(() => expect(writes).toHaveLength(4));
    expect(writes[3]).toEqual({
      method: 'PATCH',
      path: '/api/documents/d1',
      body: { revision: 'B', revisedOn: '2026-03-01' },
    });

    await user.click(screen.getByRole('button', { name: 'Remove Datasheet (EN)' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove Datasheet (EN)' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-document')).toHaveLength(1));
    expect(writes[4]).toMatchObject({ method: 'DELETE', path: '/api/documents/d1' });
  });

  it('marks a part discontinued with its replacement and orders its related parts', async () => {
    const writes = fakeServer({
      discontinued: false,
      replacement: null,
      related: [{ sku: 'FL-SEAL', kind: 'accessory' }],
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductExtrasEditor productId="p1" />);
    await user.click(await screen.findByRole('checkbox', { name: /^Discontinued/ }));
    await user.type(screen.getByLabelText(/^Replaced by/), 'FL-NEW');
    await user.type(screen.getByLabelText(/^Add a related part/), 'fl-spanner');
    await user.click(screen.getByRole('button', { name: 'Add related part' }));
    await user.selectOptions(screen.getByLabelText('How FL-SPANNER relates'), 'alternative');
    await user.click(screen.getByRole('button', { name: 'Move FL-SPANNER up' }));
    await user.click(screen.getByRole('button', { name: 'Save discontinued and related parts' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PUT',
      path: '/api/product/p1/lifecycle',
      body: {
        discontinued: true,
        replacement: 'FL-NEW',
        related: [
          { sku: 'FL-SPANNER', kind: 'alternative' },
          { sku: 'FL-SEAL', kind: 'accessory' },
        ],
      },
    });
  });
});
