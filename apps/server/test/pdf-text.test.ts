import { describe, expect, it } from 'vitest';
import { renderDocumentPdf } from '../src/lib/pdf.ts';
import { renderPackingSlipPdf } from '../src/modules/shipments/packing-slip.ts';
import { expectTextToHold, pdfText } from './support/pdf.ts';

/** Names and places as customers write them, beyond Latin-1. */
const WRITTEN = [
  'Zofia Łukasiewicz',
  'Strojírny Dvořák s.r.o.',
  'Şişecam Çelik A.Ş.',
  'Νίκος Παπαδόπουλος',
  'ООО «Москва-Металл»',
  'Ærøskøbing Smedje ApS',
  'Müller & Söhne GmbH',
];

describe('the shop documents (PDF)', () => {
  it('print the names, addresses and part names customers write, in any European script, as written', async () => {
    const pdf = await renderDocumentPdf({
      title: 'Invoice INV-2026-000001',
      facts: ['Date: 2026-11-27', `PO: ${WRITTEN[1]}`],
      seller: { name: 'Acme Castings Ltd', address: '9 Mill Street, Leeds', email: 'sales@acme.example' },
      buyer: [
        { heading: 'Bill to', lines: [WRITTEN[0]!, WRITTEN[2]!, 'ul. Żelazna 12, 00-806 Łódź'] },
        { heading: 'Deliver to', lines: [WRITTEN[4]!, 'Тверская ул., 7, Москва'] },
      ],
      lines: [
        {
          reference: 'SO-100245',
          description: 'Flansch DN50 für Öl',
          quantity: 10,
          unitPriceCents: 1250,
          totalCents: 12500,
        },
        { reference: 'SO-100246', description: WRITTEN[3]!, quantity: 1, unitPriceCents: 99, totalCents: 99 },
      ],
      totalLabel: 'Total',
      // The largest total a document shows, on one line.
      totalCents: 999_999_999,
      notes: [`Thank you, ${WRITTEN[5]}.`, `Made by ${WRITTEN[6]}.`],
    });
    const text = await pdfText(pdf);
    for (const written of [
      ...WRITTEN,
      'Flansch DN50 für Öl',
      'ul. Żelazna 12, 00-806 Łódź',
      'Тверская ул., 7, Москва',
    ]) {
      expect(text).toContain(written);
    }
    expect(text).toContain('$9,999,999.99');
    // Only the glyphs used are embedded: a document stays small.
    expect(pdf.length).toBeLessThan(120_000);
  });
});

describe('the packing slip (PDF)', () => {
  it('prints the recipient and the parts as written, the pieces in the parcel and still to come, and no price', async () => {
    const pdf = await renderPackingSlipPdf(
      {
        id: '00000000-0000-4000-8000-000000000001',
        number: 'SH-100001',
        carrier: 'fedex',
        trackingNumber: '7946 9840 1234',
        createdBy: null,
        createdAt: new Date('2026-11-27T10:00:00Z'),
        lines: [],
      },
      [
        {
          order: {
            number: 'SO-100245',
            productName: 'Flansch DN50 für Öl',
            customerPartNumber: 'ŁÓDŹ-4711',
            quantity: 10,
            shippedQuantity: 4,
            sku: 'FL-FLG-DN50',
          },
          quantity: 4,
        },
        {
          order: {
            number: 'SO-100246',
            productName: WRITTEN[3]!,
            customerPartNumber: null,
            quantity: 2,
            shippedQuantity: 2,
          },
          quantity: 2,
        },
      ],
      {
        name: WRITTEN[0]!,
        address: 'ul. Żelazna 12, 00-806 Łódź',
        phone: '+48 42 000 00 00',
        checkoutNumber: 'CO-100101',
        poReference: WRITTEN[1]!,
      },
      { name: 'Acme Castings Ltd', address: '9 Mill Street, Leeds', email: 'sales@acme.example' },
    );
    const text = await pdfText(pdf);
    expectTextToHold(text, [
      'Packing slip SH-100001',
      'Shipped: 2026-11-27',
      'Carrier: FedEx',
      'Tracking number: 7946 9840 1234',
      `PO: ${WRITTEN[1]}`,
      WRITTEN[0]!,
      'ul. Żelazna 12, 00-806 Łódź',
      'Flansch DN50 für Öl',
      'Part no. FL-FLG-DN50',
      'Your no. ŁÓDŹ-4711',
      WRITTEN[3]!,
      'In this parcel',
      'Still to come',
      '6 pieces in this parcel',
    ]);
    expect(text).not.toContain('$');
  });
});
