import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveryMethodDto, DeliveryZoneDto } from '@forgeline/shared/schemas/delivery';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import DeliveryRoute from './delivery';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('@/lib/dialogs', () => ({ confirmDialog: vi.fn(async () => true) }));

/** A rate by weight as the API writes it: the bands, no flat price, never free. */
const byWeight = (zoneId: string, bands: { maxGrams: number; price: number }[]) => ({
  zoneId,
  price: 0,
  bands,
  freeFrom: null,
});

const zones: DeliveryZoneDto[] = [
  { id: 'z-de', name: 'Germany', destinations: ['DE'] },
  { id: 'z-us', name: 'US Midwest', destinations: ['US-IL', 'US-WI'] },
];
const methods: DeliveryMethodDto[] = [
  {
    id: 'm-flat',
    name: 'Parcel',
    kind: 'flat',
    active: true,
    rates: [{ zoneId: 'z-de', price: 15, bands: [], freeFrom: null }],
  },
  {
    id: 'm-weight',
    name: 'Pallet',
    kind: 'weight',
    active: true,
    rates: [
      byWeight('z-us', [
        { maxGrams: 20_000, price: 19 },
        { maxGrams: 5_000, price: 9 },
      ]),
    ],
  },
  {
    id: 'm-free',
    name: 'Standard',
    kind: 'free_over',
    active: false,
    rates: [{ zoneId: 'z-de', price: 12, bands: [], freeFrom: 500 }],
  },
  { id: 'm-collect', name: 'Pick-up', kind: 'collection', active: true, rates: [] },
  {
    id: 'm-freight',
    name: 'Freight',
    kind: 'freight_quote',
    active: true,
    rates: [{ zoneId: 'z-us', price: 0, bands: [], freeFrom: null }],
  },
];

type Call = { url: string; method: string; body: unknown };

/** The admin's delivery API: the lists, and `write` answering every POST, PUT and DELETE. */
const stubApi = (write: (call: Call) => Response = () => jsonResponse({ id: 'new', name: 'Saved' }, 201)) => {
  const writes: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      if (method === 'GET') return jsonResponse(url.endsWith('/zones') ? zones : methods);
      const call = { url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      writes.push(call);
      return write(call);
    }),
  );
  return writes;
};

afterEach(() => vi.unstubAllGlobals());

/** The page on the stubbed API with the form behind `button` open: its user, the form and the writes. */
async function openForm(button: 'Add a zone' | 'Add a method') {
  const writes = stubApi();
  const user = userEvent.setup();
  renderWithProviders(<DeliveryRoute />, { route: '/dashboard/delivery' });
  await user.click(await screen.findByRole('button', { name: button }));
  return { writes, user, form: screen.getByRole('form', { name: button }) };
}

describe('Delivery (admin)', () => {
  it('lists the zones with their destinations and the methods with their rates in words', async () => {
    stubApi();
    renderWithProviders(<DeliveryRoute />, { route: '/dashboard/delivery' });
    const zoneItems = await screen.findAllByTestId('delivery-zone');
    expect(zoneItems).toHaveLength(2);
    expect(zoneItems[0]).toHaveTextContent('Germany (DE)');
    expect(zoneItems[1]).toHaveTextContent('US Midwest');
    expect(zoneItems[1]).toHaveTextContent('(US-IL)');
    const items = screen.getAllByTestId('delivery-method');
    expect(items[0]).toHaveTextContent('Germany: Flat $15.00');
    expect(items[1]).toHaveTextContent('US Midwest: 0–5 kg $9.00, 5–20 kg $19.00');
    expect(items[2]).toHaveTextContent('Germany: Free from $500.00, else $12.00');
    expect(items[2]).toHaveTextContent('Not offered');
    expect(items[3]).toHaveTextContent('Collection, every destination');
    expect(items[4]).toHaveTextContent('US Midwest: Quoted on request');
  });

  it('adds a zone of countries and regions typed with commas', async () => {
    const { writes, user, form } = await openForm('Add a zone');
    await user.type(within(form).getByLabelText('Zone name'), 'DACH');
    await user.type(within(form).getByLabelText('Countries and regions'), 'de, at  us-il');
    await user.click(within(form).getByRole('button', { name: 'Add zone' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      url: '/api/delivery/zones',
      method: 'POST',
      body: { name: 'DACH', destinations: ['DE', 'AT', 'US-IL'] },
    });
  });

  it('adds a flat-rate method for a zone with the body the server reads', async () => {
    const { writes, user, form } = await openForm('Add a method');
    await user.type(within(form).getByLabelText('Method name'), 'Express');
    await user.selectOptions(within(form).getByLabelText('Zone of rate 1'), 'z-de');
    await user.type(within(form).getByLabelText('Price of rate 1 ($)'), '15');
    await user.click(within(form).getByRole('button', { name: 'Add method' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ url: '/api/delivery/methods', method: 'POST' });
    expect(writes[0]!.body).toEqual({
      name: 'Express',
      kind: 'flat',
      active: true,
      rates: [{ zoneId: 'z-de', price: 15, bands: [], freeFrom: null }],
    });
  });

  it('adds a method by weight with its bands in grams', async () => {
    const { writes, user, form } = await openForm('Add a method');
    await user.type(within(form).getByLabelText('Method name'), 'Heavy parcel');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'weight');
    await user.selectOptions(within(form).getByLabelText('Zone of rate 1'), 'z-us');
    await user.type(within(form).getByLabelText('Band 1 up to (g)'), '5000');
    await user.type(within(form).getByLabelText('Band 1 price ($)'), '9');
    await user.click(within(form).getByRole('button', { name: 'Add a band' }));
    await user.type(within(form).getByLabelText('Band 2 up to (g)'), '20000');
    await user.type(within(form).getByLabelText('Band 2 price ($)'), '19.5');
    await user.click(within(form).getByRole('button', { name: 'Add method' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({
      name: 'Heavy parcel',
      kind: 'weight',
      active: true,
      rates: [
        byWeight('z-us', [
          { maxGrams: 5000, price: 9 },
          { maxGrams: 20000, price: 19.5 },
        ]),
      ],
    });
  });

  it('checks the fields of the kind chosen before sending: a flat rate needs its price', async () => {
    const { writes, user, form } = await openForm('Add a method');
    await user.type(within(form).getByLabelText('Method name'), 'Express');
    await user.selectOptions(within(form).getByLabelText('Zone of rate 1'), 'z-de');
    await user.click(within(form).getByRole('button', { name: 'Add method' }));
    expect(await within(form).findByText('Price must be a number')).toBeInTheDocument();
    expect(writes).toHaveLength(0);
  });

  it('says why a zone cannot be deleted (409) beside that zone', async () => {
    const writes = stubApi(() =>
      jsonResponse(
        {
          code: 'CONFLICT',
          message: "The zone 'Germany' is still priced by 'Parcel': remove its rate there first.",
        },
        409,
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<DeliveryRoute />, { route: '/dashboard/delivery' });
    await user.click(await screen.findByRole('button', { name: 'Delete zone Germany' }));
    const [germany] = screen.getAllByTestId('delivery-zone');
    expect(await within(germany!).findByRole('alert')).toHaveTextContent(
      "The zone 'Germany' is still priced by 'Parcel': remove its rate there first.",
    );
    expect(writes[0]).toMatchObject({ url: '/api/delivery/zones/z-de', method: 'DELETE' });
  });

  it('shows a refused method under its rates and as an alert', async () => {
    const problem = 'A method free above an order value needs that value, above 0.';
    stubApi(() =>
      jsonResponse({ code: 'VALIDATION_FAILED', message: problem, details: { rates: problem } }, 400),
    );
    const user = userEvent.setup();
    renderWithProviders(<DeliveryRoute />, { route: '/dashboard/delivery' });
    await user.click(await screen.findByRole('button', { name: 'Edit method Parcel' }));
    const form = screen.getByRole('form', { name: 'Edit method Parcel' });
    await user.click(within(form).getByRole('button', { name: 'Save method' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(problem);
    expect(within(form).getAllByText(problem)).toHaveLength(2);
  });
});
