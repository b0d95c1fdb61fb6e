import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, requestAs, type Cast } from './support/cast.ts';
import { makeProduct } from './support/data.ts';
import { itRefusesCharactersInside, type FieldCase } from './support/field-rules.ts';

/**
 * Single-line fields that reach a PDF, a mail subject or a CSV refuse line breaks of every kind and
 * control characters (docs/decisions/0151): 400 naming the field, nothing written. Each endpoint that
 * takes such a field gets generated values with a forbidden character somewhere inside (not at either
 * end, which is trimmed; NUL is refused before validation, by nul-characters.test.ts).
 *
 * Multi-line fields (notes, messages, comments, descriptions, review text) keep their line breaks and
 * tabs and refuse every other control character and the bidirectional overrides (docs/decisions/0288).
 * Before, a quote note or a return comment carrying an escape sequence or a right-to-left override was
 * stored as sent and went on into the admin's mail.
 */
const FORBIDDEN = [
  '\n',
  '\r',
  '\r\n',
  '\t',
  '\v',
  '\f',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u202e',
];
const FORBIDDEN_IN_MULTI_LINE = [
  '\u0007',
  '\u0008',
  '\v',
  '\f',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u202e',
  '\u2066',
];

/** A case with, besides its single-line fields, the multi-line fields it takes and their labels. */
type TextCase = FieldCase & { multiLine?: Record<string, string> };

describe('text fields refuse control characters', () => {
  let t: TestApp;
  let cast: Cast;
  let productId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    cast = await createCast(t.app);
    productId = (await makeProduct(t.app, { availableQuantity: 1000 })).id;
  });
  afterAll(() => t.close());

  const delivery = { address: '12 Foundry Lane, Sheffield', phone: '+44 114 496 0000' };
  /** Each endpoint, who calls it, a valid body, and the text fields it takes with their labels. */
  const cases: TextCase[] = [
    {
      method: 'POST',
      url: () => '/api/checkout',
      as: 'customerA',
      body: () => ({ ...delivery, poReference: 'PO-4471' }),
      fields: { address: 'Address', phone: 'Phone', poReference: 'PO reference' },
    },
    {
      method: 'POST',
      url: () => '/api/order',
      as: 'customerA',
      body: () => ({ ...delivery, productId, buyQuantity: 1 }),
      fields: { address: 'Address', phone: 'Phone' },
    },
    {
      method: 'POST',
      url: () => `/api/quotes/${randomUUID()}/accept`,
      as: 'customerA',
      body: () => ({ ...delivery, poReference: 'PO-4471' }),
      fields: { address: 'Address', phone: 'Phone', poReference: 'PO reference' },
    },
    {
      method: 'PUT',
      url: () => '/api/userInfo',
      as: 'customerA',
      body: () => ({ ...delivery, profession: 'Buyer' }),
      fields: { address: 'Address', phone: 'Phone', profession: 'Profession' },
    },
    {
      method: 'POST',
      url: () => '/api/review',
      as: 'customerA',
      body: () => ({ profession: 'Plant engineer', review: 'Good parts.', rating: 5 }),
      fields: { profession: 'Designation' },
      multiLine: { review: 'The review' },
    },
    {
      method: 'POST',
      url: () => '/api/contact',
      as: 'visitor',
      body: () => ({
        name: 'Rahim Uddin',
        email: 'rahim@example.com',
        message: 'We need 5,000 M8 bolts by March.',
      }),
      fields: { name: 'Name' },
      multiLine: { message: 'Your message' },
      // The contact form takes 5 messages per address in 10 minutes, refused ones included.
      runs: 4,
    },
    {
      method: 'POST',
      url: () => '/api/product',
      as: 'admin',
      body: () => ({
        name: 'Hex bolt M8',
        price: 1.5,
        minOrder: 1,
        availableQuantiity: 10,
        description: 'A bolt.',
        img: '/uploads/test.webp',
      }),
      fields: { name: 'Name' },
      multiLine: { description: 'The description' },
    },
    {
      method: 'POST',
      url: () => `/api/checkouts/${randomUUID()}/mark-paid`,
      as: 'admin',
      body: () => ({ reference: 'TRF-2026-11-27' }),
      fields: { reference: 'The reference' },
    },
    {
      method: 'POST',
      url: () => '/api/quotes',
      as: 'customerA',
      body: () => ({ lines: [{ productId, quantity: 10 }], note: 'Deliver to gate 2, please.' }),
      fields: {},
      multiLine: { note: 'The note' },
    },
    {
      method: 'POST',
      url: () => `/api/quotes/${randomUUID()}/messages`,
      as: 'customerA',
      body: () => ({ body: 'Could you do 2,000 at the same price?' }),
      fields: {},
      multiLine: { body: 'The message' },
    },
    {
      method: 'POST',
      url: () => `/api/quotes/${randomUUID()}/offer`,
      as: 'admin',
      body: () => ({ lines: [{ lineId: randomUUID(), price: 1.25 }], message: 'Our best price for 2,000.' }),
      fields: {},
      multiLine: { message: 'The message' },
    },
    {
      method: 'POST',
      url: () => '/api/returns',
      as: 'customerA',
      body: () => ({ orderId: randomUUID(), quantity: 1, reason: 'other', comment: 'Thread is damaged.' }),
      fields: {},
      multiLine: { comment: 'The comment' },
    },
    {
      method: 'POST',
      url: () => `/api/returns/${randomUUID()}/approve`,
      as: 'admin',
      body: () => ({ note: 'Send them to gate 3.' }),
      fields: {},
      multiLine: { note: 'The note' },
    },
    {
      method: 'POST',
      url: () => `/api/returns/${randomUUID()}/refuse`,
      as: 'admin',
      body: () => ({ note: 'These were made to order.' }),
      fields: {},
      multiLine: { note: 'The note' },
    },
    {
      method: 'POST',
      url: () => '/api/categories',
      as: 'admin',
      body: () => ({ name: 'Bolts', slug: 'bolts', description: 'Hex and flange bolts.' }),
      fields: {},
      multiLine: { description: 'The description' },
    },
  ];

  itRefusesCharactersInside(
    () => ({ app: t.app, cast }),
    cases,
    FORBIDDEN,
    (label) => `${label} must be one line, without line breaks or control characters`,
  );

  itRefusesCharactersInside(
    () => ({ app: t.app, cast }),
    cases.map((textCase) => ({ ...textCase, fields: textCase.multiLine ?? {} })),
    FORBIDDEN_IN_MULTI_LINE,
    (label) => `${label} may have line breaks, but no other control characters`,
  );

  it('multi-line fields keep line breaks and tabs as typed', async () => {
    const note = 'Deliver to gate 2.\r\nAsk for Sam:\text. 214';
    const res = await requestAs(t.app, cast.customerA, 'POST', '/api/quotes', {
      lines: [{ productId, quantity: 10 }],
      note,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ note: string }>().note).toBe(note);
  });
});
