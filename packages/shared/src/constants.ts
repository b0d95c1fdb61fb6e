/** Business constants and limits of docs/product.md §9, and the limits we add on the server. */
export const MIN_PASSWORD_LENGTH = 6;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const SPLASH_MS = 3000;
export const PROFILE_DIALOG_MS = 2500;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_POSITION = 'top-right';

export const CAROUSEL = {
  autoplayDelayMs: 2500,
  speedMs: 300,
  coverflow: { rotate: 50, depth: 100, stretch: 0, modifier: 1, slideShadows: true },
} as const;

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Identity session timing (§4, §9). */
export const TOKEN_REFRESH_LEAD_MS = 5 * 60_000;
export const TOKEN_EXPIRY_MARGIN_MS = 30_000;
export const RETRY_BACKOFF_START_MS = 30_000;
export const RETRY_BACKOFF_MAX_MS = 16 * 60_000;
export const AUTH_REQUEST_TIMEOUT_MS = 30_000;

/** Data cache defaults (§9), which are also TanStack Query's own. */
export const QUERY_GC_MS = 5 * 60_000;
export const QUERY_RETRIES = 3;

/** Marketing figures of the statistics band (§1). */
export const STATISTICS = [
  { label: 'Orders', value: '31K+' },
  { label: 'Total Customers', value: '4,200' },
  { label: 'Reviews', value: '3,400' },
  { label: 'Annual Revenue', value: '120M+' },
] as const;

/** Limits the server adds (not in the spec): they keep one request from costing too much. */
export const LIMITS = {
  productNameMax: 120,
  /** A person's display name (sign-up, profile). */
  displayNameMax: 100,
  passwordMax: 128,
  descriptionMax: 2000,
  /** Every search box (catalogue and admin lists): the page's maxLength and the server's schema both read it. */
  searchMax: 100,
  /** An e-mail address (RFC 5321's longest path); also the audit log's admin filter. */
  emailMax: 254,
  pageSizeDefault: 50,
  pageSizeMax: 100,
  pageMax: 10_000,
  priceMaxCents: 100_000_000,
  /** The purchase quantity bounds of one line, whatever the product's own rules (quantity.ts). */
  quantityMin: 1,
  quantityMax: 10_000_000,
  reviewTextMax: 1000,
  professionMax: 80,
  addressMax: 300,
  phoneMax: 30,
  imageBytesMax: 5 * 1024 * 1024,
  /** A part's document (CAD model, datasheet, certificate), decision 0233. */
  documentBytesMax: 50 * 1024 * 1024,
  documentsPerPartMax: 50,
  relatedPartsMax: 20,
  priceTiersMax: 10,
  /** Distinct parts in one cart (and so in one checkout). */
  cartLinesMax: 200,
  /** The quick-order pad: pasted text or an uploaded CSV. */
  quickOrderLinesMax: 1000,
  quickOrderBytesMax: 200 * 1024,
  /** The products CSV import (decision 0107): bytes of the file and rows below its header. */
  productImportBytesMax: 2 * 1024 * 1024,
  productImportRowsMax: 5000,
  poReferenceMax: 100,
  /** The reference an admin records for a payment by transfer (a bank statement line). */
  paymentReferenceMax: 100,
  /** A carrier's tracking number: the longest in use (USPS) has 34 characters. */
  trackingNumberMax: 40,
  /** The largest credit limit an admin may grant a customer on terms (cents). */
  creditLimitMaxCents: 100_000_000,
  /** Companies (docs/decisions/0213): the legal name, a tax/VAT ID, a site's label, a comment or note. */
  companyNameMax: 150,
  taxIdMax: 30,
  addressLabelMax: 60,
  commentMax: 500,
  savedListNameMax: 80,
  /** A company's own number for one of our parts (docs/decisions/0218), as their ERP writes it. */
  customerPartNumberMax: 60,
  /** The part-numbers CSV import: bytes of the file and rows below its header. */
  partNumberImportBytesMax: 1024 * 1024,
  partNumberImportRowsMax: 5000,
} as const;
