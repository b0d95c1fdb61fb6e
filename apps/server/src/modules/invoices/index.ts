// What other modules may use of invoices and credit notes (docs/architecture.md §10): issuing them,
// reading an order's, their PDFs and the bank transfer they ask for.
export { pdfUrlOf } from './mappers.ts';
export { bankTransferOf, invoiceAttachment, sellerOf } from './pdf.ts';
export {
  checkoutBankTransfer,
  creditNotesOfCheckout,
  documentExtras,
  documentsOfOrder,
  issueCreditNote,
  issueInvoice,
  issueReturnCreditNote,
  getInvoice,
  listCompanyInvoices,
  nextDocumentNumber,
  summarizeDocuments,
  type InvoiceContext,
} from './service.ts';
