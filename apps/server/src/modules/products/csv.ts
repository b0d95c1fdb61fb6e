import type { Readable } from 'node:stream';
import { LIMITS } from '@forgeline/shared/constants';
import { centsFigure } from '@forgeline/shared/money';
import { PART_PHOTO_PLACEHOLDER } from '@forgeline/shared/images';
import type { AttributeDef, AttributeValue } from '@forgeline/shared/catalogue';
import type { ProductRow } from '../../db/schema/index.ts';
import { csvStream, encodePriceBreaks, readCsvTable, type CsvTableRow } from '../../lib/csv.ts';
import { DomainError } from '../../lib/errors.ts';

/**
 * The columns of the products CSV, export and import alike (docs/decisions/0107): the header a person
 * reads, and the field of the product body (the spec's spelling) it carries.
 */
export const PRODUCT_COLUMNS = [
  { field: 'sku', header: 'Part number', required: true },
  { field: 'name', header: 'Name', required: true },
  { field: 'price', header: 'Price', required: true },
  { field: 'availableQuantiity', header: 'Stock', required: true },
  { field: 'minOrder', header: 'Minimum order', required: true },
  { field: 'packSize', header: 'Pack size', required: false },
  { field: 'maxOrder', header: 'Maximum order', required: false },
  { field: 'priceTiers', header: 'Price breaks', required: false },
  { field: 'lowStockThreshold', header: 'Low-stock alert', required: false },
  { field: 'description', header: 'Description', required: true },
  { field: 'img', header: 'Image', required: true },
  // The catalogue (docs/decisions/0220): the category's address name, and `key=value; key=value`.
  { field: 'category', header: 'Category', required: false },
  { field: 'attributes', header: 'Attributes', required: false },
  // standard, reduced or exempt (docs/decisions/0219): empty keeps a part's own, standard for a new one.
  { field: 'taxCategory', header: 'Tax category', required: false },
  // yes or no (empty: no), and the part number to order instead (docs/decisions/0250). Without the
  // Discontinued column a file leaves every part's state and replacement as they are.
  { field: 'discontinued', header: 'Discontinued', required: false },
  { field: 'replacement', header: 'Replacement part number', required: false },
  // Back-orders (docs/decisions/0238): yes or no (empty keeps a part's own), and the lead time in days.
  { field: 'allowBackorder', header: 'Back-orders', required: false },
  { field: 'leadTimeDays', header: 'Lead time (days)', required: false },
  // Grams a piece (docs/decisions/0235): empty means not weighed.
  { field: 'weightGrams', header: 'Weight (g)', required: false },
] as const;
export type ProductColumn = (typeof PRODUCT_COLUMNS)[number]['field'];

/** The header of a column, for a message ('Minimum order'), from a product body's field name. */
export const headerOf = (field: string): string =>
  PRODUCT_COLUMNS.find((column) => column.field === field)?.header ?? field;

/** Other names a header may have: the API's own field names, and the words a spreadsheet may carry. */
const ALIASES: Record<ProductColumn, string[]> = {
  sku: ['sku', 'partno', 'partnumber', 'part'],
  name: ['name', 'productname'],
  price: ['price', 'unitprice'],
  availableQuantiity: ['availablequantiity', 'availablequantity', 'stock', 'quantity'],
  minOrder: ['minorder', 'minimumorder', 'minimumorderquantity', 'moq'],
  packSize: ['packsize'],
  maxOrder: ['maxorder', 'maximumorder'],
  priceTiers: ['pricetiers', 'pricebreaks'],
  lowStockThreshold: ['lowstockthreshold', 'lowstockalert'],
  description: ['description'],
  img: ['img', 'image', 'imageurl'],
  category: ['category', 'categoryslug'],
  attributes: ['attributes', 'specs', 'specifications'],
  taxCategory: ['taxcategory', 'taxclass', 'tax'],
  discontinued: ['discontinued'],
  replacement: ['replacement', 'replacementpartnumber', 'replacedby', 'replacementsku'],
  allowBackorder: ['allowbackorder', 'backorders', 'backorder'],
  leadTimeDays: ['leadtimedays', 'leadtime'],
  weightGrams: ['weightgrams', 'weightg', 'weight', 'grams'],
};

/** A part's values in one cell: `bore=20 mm; seal=2RS; stainless=yes`, in the attributes' order. */
export function encodeAttributes(
  values: Record<string, AttributeValue>,
  attributes: readonly AttributeDef[],
) {
  return attributes
    .filter((attribute) => values[attribute.key] !== undefined)
    .map((attribute) => {
      const value = values[attribute.key]!;
      const text =
        typeof value === 'boolean'
          ? value
            ? 'yes'
            : 'no'
          : typeof value === 'number' && attribute.unit
            ? `${value} ${attribute.unit}`
            : String(value);
      return `${attribute.key}=${text}`;
    })
    .join('; ');
}

/** The values of an Attributes cell by key, or the part that is not `key=value`. */
export function readAttributesCell(cell: string): { values: Record<string, string> } | { bad: string } {
  const values: Record<string, string> = {};
  for (const part of cell.split(';')) {
    if (part.trim() === '') continue;
    const match = /^\s*([a-z][a-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(part);
    if (!match) return { bad: part.trim() };
    values[match[1]!] = match[2]!;
  }
  return { values };
}

/** A product row with its category's address name and its values, as the export writes it. */
export type ExportedProduct = ProductRow & {
  category: string;
  attributes: string;
  /** The replacement's part number, '' for none. */
  replacement: string;
};

/** Price breaks in one cell: `100:4.20;500:3.90` (quantity:price, separated by semicolons). */
export const encodePriceTiers = encodePriceBreaks;

const exportRecord = (row: ExportedProduct) => [
  row.sku,
  row.name,
  centsFigure(row.priceCents),
  row.availableQuantity,
  row.minOrder,
  row.packSize,
  row.maxOrder,
  encodePriceTiers(row.priceTiers),
  row.lowStockThreshold,
  row.description,
  row.imageUrl ?? PART_PHOTO_PLACEHOLDER, // as the API answers it: imported again, it reads as 'no photo'
  row.category,
  row.attributes,
  row.taxCategory,
  row.discontinued ? 'yes' : 'no',
  row.replacement,
  row.allowBackorder ? 'yes' : 'no',
  row.leadTimeDays,
  row.weightGrams,
];

/** Streams products as CSV, with a UTF-8 byte-order mark so that a spreadsheet opens it as UTF-8. */
export function productsCsvStream(batches: AsyncIterable<readonly ExportedProduct[]>): Readable {
  async function* records() {
    for await (const batch of batches) for (const row of batch) yield exportRecord(row);
  }
  return csvStream(
    PRODUCT_COLUMNS.map((column) => column.header),
    records(),
    { bom: true },
  );
}

/** One row of an imported file: the line it starts on, and its cells by field (columns present only). */
export type CsvProductRow = CsvTableRow<ProductColumn>;

export const importTooLarge = () =>
  new DomainError(
    'PAYLOAD_TOO_LARGE',
    `The file is too large: at most ${LIMITS.productImportBytesMax / 1024 / 1024} MB and ${LIMITS.productImportRowsMax.toLocaleString('en')} products at a time. Split it into several files.`,
  );

/**
 * Reads the text of a products CSV (lib/csv.ts readCsvTable): the header names the columns, in any
 * order (the export's headers or the API's field names); each row after it becomes a CsvProductRow.
 */
export const readProductsCsv = (text: string) =>
  readCsvTable(text, {
    columns: PRODUCT_COLUMNS,
    aliases: ALIASES,
    rowsMax: LIMITS.productImportRowsMax,
    tooLarge: importTooLarge,
    rowNoun: 'product',
  });
