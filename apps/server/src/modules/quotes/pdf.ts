import { isoDay, renderDocumentPdf, type Seller } from '../../lib/pdf.ts';
import type { QuoteWithParts } from './repository.ts';

/** The PDF of a priced quote: the offered price of each line, the total and how long the offer holds. */
export function renderQuotePdf({ quote, lines }: QuoteWithParts, seller: Seller): Promise<Buffer> {
  const priced = lines.map((line) => ({
    reference: `${line.position + 1}`,
    description: line.productName,
    quantity: line.quantity,
    unitPriceCents: line.offeredPriceCents ?? line.listPriceCents,
    totalCents: (line.offeredPriceCents ?? line.listPriceCents) * line.quantity,
  }));
  return renderDocumentPdf({
    title: `Quote ${quote.number}`,
    facts: [
      `Date: ${isoDay(quote.offeredAt ?? quote.createdAt)}`,
      ...(quote.expiresAt ? [`Valid until: ${isoDay(quote.expiresAt)}`] : []),
    ],
    seller,
    buyer: [{ heading: 'Prepared for', lines: [quote.buyerName, quote.buyerEmail] }],
    lines: priced,
    totalLabel: 'Total',
    totalCents: priced.reduce((sum, line) => sum + line.totalCents, 0),
    notes: [
      'Prices are per piece in US dollars, for the quantities shown, excluding delivery.',
      'Accept the quote on the site before it expires to order at these prices; stock is reserved when you accept.',
    ],
  });
}
