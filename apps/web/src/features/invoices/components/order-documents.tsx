import type { InvoiceSummary } from '@forgeline/shared/schemas/invoice';
import { useOrderInvoices } from '../api/get-order-invoices';

const label = (doc: InvoiceSummary) => `${doc.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${doc.number}`;

/**
 * An order's documents as download links (invoice, credit note): in My Orders from the buyer's list of
 * documents, or anywhere else from `OrderDocumentsFor`, which loads them for one order.
 */
export const OrderDocuments = ({ documents }: { documents: readonly InvoiceSummary[] }) =>
  documents.length === 0 ? null : (
    <ul
      className="flex flex-col gap-0.5 text-xs"
      aria-label="Invoices and credit notes"
      data-testid="order-documents"
    >
      {documents.map((doc) => (
        <li key={doc._id}>
          <a className="link link-primary whitespace-nowrap" href={doc.pdfUrl} download>
            {label(doc)}
            <span className="sr-only"> (PDF)</span>
          </a>
        </li>
      ))}
    </ul>
  );

/** One order's documents, loaded by its id (for an order detail page, the buyer's or an admin's). */
export const OrderDocumentsFor = ({ orderId }: { orderId: string }) => {
  const documents = useOrderInvoices(orderId);
  if (documents.isError) return <p className="text-xs text-error">The documents could not be loaded.</p>;
  return <OrderDocuments documents={documents.data ?? []} />;
};

/** The buyer's documents by order id, from GET /api/myInvoices (one request for the whole table). */
export const documentsByOrder = (documents: readonly InvoiceSummary[]) => {
  const byOrder = new Map<string, InvoiceSummary[]>();
  for (const doc of documents)
    for (const orderId of doc.orderIds) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), doc]);
  return byOrder;
};
