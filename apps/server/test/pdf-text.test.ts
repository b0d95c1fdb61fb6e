import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderDocumentPdf } from '../src/lib/pdf.ts';

async function pdfText(buffer: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(buffer)), { mergePages: true });
  return text;
}

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
