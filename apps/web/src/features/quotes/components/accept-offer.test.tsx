import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentTerms } from '@forgeline/shared/schemas/payment-terms';
import type { Quote } from '@forgeline/shared/schemas/quote';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { makeAddress, makeRequest, stubApi } from '../../../../test/company';
import AcceptOffer from './accept-offer';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const quote = {
  _id: 'q1',
  number: 'Q-100001',
  status: 'offered',
  total: 5000,
  lines: [],
} as unknown as Quote;
const contact = { address: '4 Quay Street, Hull', phone: '+44 1482 000000' };
// The button waits for the delivery methods (none are served here: the lookup's answer settles it).
const acceptOffer = async () => {
  const button = screen.getByRole('button', { name: /^Accept offer/ });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
};
const terms: PaymentTerms = { approved: true, termsDays: 30, creditLimit: 20000, used: 0, available: 20000 };

const accepting = () => {
  // GET /api/config says how long a card order holds its stock; the POST is the acceptance.
  const fetchMock = vi.fn(async (url: string) =>
    url.endsWith('/config')
      ? jsonResponse({
          payments: { provider: 'test', publishableKey: null },
          orders: { paymentWindowMinutes: 30 },
        })
      : jsonResponse({ _id: 'c1', number: 'CO-1' }, 201),
  );
  vi.stubGlobal('fetch', fetchMock);
  return () => {
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];
    const [, init] = calls.find(([, request]) => request?.method === 'POST') ?? [];
    return init ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
  };
};

describe('accepting an offer (decision 0112)', () => {
  it('offers a buyer on terms to pay by invoice, with the PO number then required', async () => {
    const sent = accepting();
    renderWithProviders(<AcceptOffer quote={quote} contact={contact} terms={terms} />, {
      routes: [{ path: '/checkout/:id', element: <p>paying</p> }],
    });
    expect(screen.getByTestId('payment-method')).toHaveTextContent(
      /Credit available: \$ 20,?000 of \$ 20,?000/,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Pay by invoice (net 30 days)' }));
    expect(screen.getByLabelText('PO number (required)')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('PO number (required)'), 'PO-77');
    await acceptOffer();
    await waitFor(() => expect(sent()).toMatchObject({ paymentMethod: 'invoice', poReference: 'PO-77' }));
  });

  it('says on its button what the buyer will pay: the offer, and the chosen delivery with its tax', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url.includes('/quotes/q1/delivery-options')
        ? jsonResponse({
            options: [
              {
                methodId: 'm-parcel',
                name: 'Parcel',
                kind: 'parcel',
                cost: 12.5,
                tax: 2.5,
                zoneName: 'Europe',
              },
              {
                methodId: 'm-works',
                name: 'Collection',
                kind: 'collection',
                cost: 0,
                tax: 0,
                zoneName: null,
              },
            ],
            weightGrams: 1000,
          })
        : jsonResponse({
            payments: { provider: 'test', publishableKey: null },
            orders: { paymentWindowMinutes: 30 },
          }),
    );
    renderWithProviders(<AcceptOffer quote={quote} contact={contact} />);
    // The parcel is preselected: 5,000 + 12.50 + 2.50.
    expect(await screen.findByRole('button', { name: 'Accept offer · $ 5015' })).toBeInTheDocument();
  });

  it('shows no payment choice to a buyer without terms: the offer is paid by card', async () => {
    const sent = accepting();
    renderWithProviders(<AcceptOffer quote={quote} contact={contact} />, {
      routes: [{ path: '/checkout/:id', element: <p>paying</p> }],
    });
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    // The rule is said before the button is pressed.
    expect(await screen.findByTestId('hold-rule')).toHaveTextContent(
      'Paying by card: we hold the stock for 30 minutes while you pay. An order not paid by then is cancelled and its stock released.',
    );
    await acceptOffer();
    await waitFor(() => expect(sent()).toMatchObject({ paymentMethod: 'card' }));
  });

  it('sends a site of the company book as addressId, its address read only', async () => {
    const calls = stubApi({
      'GET /config': jsonResponse({
        payments: { provider: 'test', publishableKey: null },
        orders: { paymentWindowMinutes: 30 },
      }),
      'POST /quotes/q1/accept': jsonResponse({ _id: 'c1', number: 'CO-1' }, 201),
    });
    const book = { sites: [makeAddress()], allowFreeText: false };
    renderWithProviders(<AcceptOffer quote={quote} contact={{ ...contact, book }} />, {
      routes: [{ path: '/checkout/:id', element: <p>paying</p> }],
    });
    expect(screen.getByLabelText('Deliver to')).toHaveDisplayValue('Leeds plant — 9 Forge Lane, Leeds');
    expect(screen.getByLabelText('Address')).toHaveAttribute('readonly');
    await acceptOffer();
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /quotes/q1/accept')?.body).toMatchObject({
        addressId: makeAddress().id,
        address: '9 Forge Lane, Leeds',
      }),
    );
    expect(await screen.findByText('paying')).toBeInTheDocument();
  });

  it('takes a 202 as sent for approval, with the way to the approvals', async () => {
    stubApi({
      'GET /config': jsonResponse({
        payments: { provider: 'test', publishableKey: null },
        orders: { paymentWindowMinutes: 30 },
      }),
      'POST /quotes/q1/accept': jsonResponse({ request: makeRequest({ kind: 'quote', quoteId: 'q1' }) }, 202),
    });
    renderWithProviders(<AcceptOffer quote={quote} contact={contact} />);
    await acceptOffer();
    expect(await screen.findByTestId('approval-sent')).toHaveTextContent('RQ-100001');
    expect(screen.getByRole('link', { name: /approvals/ })).toHaveAttribute(
      'href',
      '/dashboard/company?tab=approvals',
    );
  });
});
