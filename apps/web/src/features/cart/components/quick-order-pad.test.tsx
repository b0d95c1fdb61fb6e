import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuickOrderCheckResponse, QuickOrderLine } from '@forgeline/shared/schemas/cart';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { stubApi } from '../../../../test/company';
import { QuickOrderPad, withPartNumber } from './quick-order-pad';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const line = (over: Partial<QuickOrderLine>): QuickOrderLine => ({
  line: 2,
  input: 'FL-OLD-1 5',
  sku: 'FL-OLD-1',
  customerPartNumber: null,
  quantity: 5,
  productId: 'p-old',
  name: 'Pillow block',
  unitPrice: 4,
  lineTotal: 20,
  problem: null,
  replacement: null,
  ...over,
});

describe('withPartNumber', () => {
  it('puts the part number in place of the first field of one line, keeping the rest', () => {
    expect(withPartNumber('A-1 2\r\n  FL-OLD-1, 5 pcs\nB 3', 2, 'FL-NEW-2')).toBe(
      'A-1 2\n  FL-NEW-2, 5 pcs\nB 3',
    );
  });
});

describe('Quick order pad', () => {
  it('offers a discontinued part’s replacement, and checks the pad again with it', async () => {
    const texts: string[] = [];
    stubApi({
      'POST /quick-order/check': (body) => {
        const { text } = body as { text: string };
        texts.push(text);
        const answer: QuickOrderCheckResponse = text.includes('FL-NEW-2')
          ? {
              lines: [line({ sku: 'FL-NEW-2', productId: 'p-new', name: 'Pillow block Mk II' })],
              validCount: 1,
              total: 20,
            }
          : {
              lines: [
                line({
                  problem: {
                    rule: 'discontinued',
                    message:
                      'This part is discontinued and can no longer be ordered. Replaced by FL-NEW-2 (Pillow block Mk II).',
                  },
                  replacement: { sku: 'FL-NEW-2', name: 'Pillow block Mk II' },
                }),
              ],
              validCount: 0,
              total: 0,
            };
        return jsonResponse(answer);
      },
    });
    renderWithProviders(<QuickOrderPad />, { route: '/quick-order', path: '/quick-order' });
    await userEvent.type(screen.getByLabelText('Part numbers and quantities'), '# pasted{enter}FL-OLD-1 5');
    await userEvent.click(screen.getByRole('button', { name: 'Check lines' }));
    expect(await screen.findByTestId('quick-problem')).toHaveTextContent('Replaced by FL-NEW-2');
    await userEvent.click(screen.getByRole('button', { name: 'Order FL-NEW-2 instead' }));
    await waitFor(() => expect(texts).toEqual(['# pasted\nFL-OLD-1 5', '# pasted\nFL-NEW-2 5']));
    expect(screen.getByLabelText('Part numbers and quantities')).toHaveValue('# pasted\nFL-NEW-2 5');
    expect(await screen.findByRole('heading', { name: /1 of 1 lines can be ordered/ })).toBeInTheDocument();
  });
});
