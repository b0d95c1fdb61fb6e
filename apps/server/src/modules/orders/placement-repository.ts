import { sql } from 'drizzle-orm';
import { fixedStatement, rowReader } from '../../db/fixed-statement.ts';
import { checkouts, orders as ordersTable, products, users } from '../../db/schema/index.ts';

/** The SQL of placing lines (placement.ts holds the rules around it). */
type Raw = Record<string, unknown>;

export const readCheckout = rowReader(checkouts);
export const readOrder = rowReader(ordersTable);

/** placeLines' writes in one statement of fixed shape: lines go as arrays (docs/decisions/0050). */
export const writeLines = fixedStatement<
  {
    userId: string;
    customerName: string;
    customerEmail: string;
    poReference: string | null;
    address: string;
    phone: string;
    totalCents: number;
    taxCents: number;
    taxTreatment: string;
    taxNote: string | null;
    buyerCountry: string | null;
    buyerTaxId: string | null;
    lineCount: number;
    paymentMethod: 'invoice' | null;
    termsDays: number | null;
    dueAt: string | null;
    companyId: string | null;
    addressLabel: string | null;
    placedBy: string | null;
    placedByName: string | null;
    now: string;
    orderIds: string[];
    productIds: string[];
    productNames: string[];
    customerPartNumbers: (string | null)[];
    unitCents: number[];
    quantities: number[];
    /** Pieces of each line short on the shelf, back-ordered (decision 0238); the rest is taken now. */
    backordered: number[];
    leadTimes: (number | null)[];
    lineTotals: number[];
    taxCategories: string[];
    taxRates: number[];
    lineTaxes: number[];
    deliveryStatus: 'none' | 'priced' | 'awaiting_quote';
    deliveryMethodId: string | null;
    deliveryMethodName: string | null;
    deliveryKind: string | null;
    deliveryCountry: string | null;
    deliveryRegion: string | null;
    deliveryWeightGrams: number;
    deliveryCents: number;
    deliveryTaxRateBasisPoints: number;
    deliveryTaxCents: number;
    lineDelivery: number[];
    lineDeliveryTaxes: number[];
  },
  { checkout: Raw | null; taken: Raw[] | null; orders: Raw[] | null }
>('orders_place_lines', () => {
  const value = (name: string) => sql.placeholder(name);
  return sql`with buyer as (
      select ${users.id} from ${users} where ${users.id} = ${value('userId')} for no key update
    ), checkout as (
      insert into ${checkouts} (user_id, customer_name, customer_email, po_reference, address, phone,
        total_cents, line_count, payment_method, terms_days, due_at, company_id, address_label, placed_by,
        placed_by_name, tax_cents, tax_treatment, tax_note, buyer_country, buyer_tax_id, delivery_status,
        delivery_method_id, delivery_method_name, delivery_kind, delivery_country, delivery_region,
        delivery_weight_grams, delivery_cents, delivery_tax_rate_basis_points, delivery_tax_cents)
      values ((select id from buyer), ${value('customerName')}, ${value('customerEmail')}, ${value('poReference')},
        ${value('address')}, ${value('phone')}, ${value('totalCents')}::int, ${value('lineCount')}::int,
        coalesce(${value('paymentMethod')}::text, 'card'), ${value('termsDays')}::int, ${value('dueAt')}::timestamptz,
        ${value('companyId')}::uuid, ${value('addressLabel')}::text, ${value('placedBy')}::text,
        ${value('placedByName')}::text, ${value('taxCents')}::int, ${value('taxTreatment')}::text,
        ${value('taxNote')}::text, ${value('buyerCountry')}::text, ${value('buyerTaxId')}::text,
        ${value('deliveryStatus')}::text, ${value('deliveryMethodId')}::uuid, ${value('deliveryMethodName')}::text,
        ${value('deliveryKind')}::text, ${value('deliveryCountry')}::text, ${value('deliveryRegion')}::text,
        ${value('deliveryWeightGrams')}::int, ${value('deliveryCents')}::int,
        ${value('deliveryTaxRateBasisPoints')}::int, ${value('deliveryTaxCents')}::int)
      returning *
    ), taken as (
      update ${products} set available_quantity = ${products}.available_quantity - wanted.quantity,
        updated_at = ${value('now')}::timestamptz
      from (
        select id, sum(quantity - backordered)::int as quantity
        from unnest(${value('productIds')}::uuid[], ${value('quantities')}::int[], ${value('backordered')}::int[])
          as line(id, quantity, backordered)
        group by id
      ) as wanted
      where ${products}.id = wanted.id and ${products}.available_quantity >= wanted.quantity
      returning ${products}.*
    ), placed as (
      insert into ${ordersTable} (id, user_id, product_id, customer_name, customer_email, product_name,
        price_cents, quantity, total_cents, address, phone, checkout_id, due_at, company_id, customer_part_number,
        tax_category, tax_rate_basis_points, tax_cents, backordered_quantity, lead_time_days,
        delivery_cents, delivery_tax_cents)
      select line.id, ${value('userId')}, line.product_id, ${value('customerName')}, ${value('customerEmail')},
        line.product_name, line.price_cents, line.quantity, line.total_cents, ${value('address')},
        ${value('phone')}, checkout.id, checkout.due_at, checkout.company_id, line.customer_part_number,
        line.tax_category, line.tax_rate, line.tax_cents, line.backordered, line.lead_time,
        line.delivery_cents, line.delivery_tax_cents
      from unnest(${value('orderIds')}::uuid[], ${value('productIds')}::uuid[], ${value('productNames')}::text[],
          ${value('unitCents')}::int[], ${value('quantities')}::int[], ${value('lineTotals')}::int[],
          ${value('customerPartNumbers')}::text[], ${value('taxCategories')}::text[], ${value('taxRates')}::int[],
          ${value('lineTaxes')}::int[], ${value('backordered')}::int[], ${value('leadTimes')}::int[],
          ${value('lineDelivery')}::int[], ${value('lineDeliveryTaxes')}::int[])
        with ordinality as line(id, product_id, product_name, price_cents, quantity, total_cents,
          customer_part_number, tax_category, tax_rate, tax_cents, backordered, lead_time,
          delivery_cents, delivery_tax_cents, n),
        checkout
      order by line.n
      returning *
    )
    select (select to_json(checkout) from checkout) as checkout,
      (select json_agg(taken) from taken) as taken,
      (select json_agg(placed) from placed) as orders`;
});
