import { describe, expect, it } from 'vitest';
import {
  EmailSchema,
  ImageUrlSchema,
  ProductBodySchema,
  ProductListQuerySchema,
  UserInfoBodySchema,
  messages,
  purchaseFormSchema,
  toCents,
  toDollars,
} from '../src/index.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('messages', () => {
  it('keeps the spec texts exactly, typos included', () => {
    expect(messages.passwordTooShort).toBe('Must be 6 caracters or longer');
    expect(messages.orderSucceeded('Ann')).toBe('Congratulations Ann!Your order is succesfull.');
    expect(messages.reviewThanks('Ann')).toBe('Congratulation Ann!!Thanks for your review.');
    expect(messages.quantityBelowMinimum(50)).toBe("You can't order less than 50 pcs !");
  });
});

describe('EmailSchema', () => {
  it.each([
    'a@b.co',
    'john.doe+parts@acme-industrial.com',
    'X9@Mail.ORG',
    'a@b.info',
    'buyer@steel.industries',
  ])('accepts %s', (email) => {
    expect(EmailSchema.safeParse(email).success).toBe(true);
  });
  it.each([
    ['', messages.emailRequired],
    ['plain', messages.emailInvalid],
    ['a@b.c', messages.emailInvalid],
    ['a@b.c1', messages.emailInvalid],
    ['a@b', messages.emailInvalid],
    ['a b@c.com', messages.emailInvalid],
  ])('refuses %j with %s', (email, message) => {
    expect(firstMessage(EmailSchema.safeParse(email))).toBe(message);
  });
  it('normalises case', () => {
    expect(EmailSchema.parse(' Ann@Example.COM ')).toBe('ann@example.com');
  });
});

describe('ProductBodySchema', () => {
  const valid = {
    name: 'Bolt',
    price: '0.42',
    minOrder: '500',
    availableQuantiity: '1000',
    description: 'A bolt.',
    img: '/uploads/bolt.webp',
  };
  it('coerces form strings to numbers', () => {
    expect(ProductBodySchema.parse(valid)).toMatchObject({
      price: 0.42,
      minOrder: 500,
      availableQuantiity: 1000,
    });
  });
  it.each([
    ['name', '', messages.nameRequired],
    ['price', '', messages.priceRequired],
    ['minOrder', '', messages.minOrderRequired],
    ['availableQuantiity', '', messages.availableRequired],
    ['description', ' ', messages.descriptionRequired],
    ['img', '', messages.imageRequired],
    ['price', '0', 'Price must be more than 0'],
    ['price', '1.234', 'Price has at most 2 decimals'],
    ['minOrder', '1.5', 'Must be a whole number'],
    ['img', 'javascript:alert(1)', 'Image must be an uploaded photo or an https URL'],
  ])('refuses %s=%j with %s', (field, value, message) => {
    expect(firstMessage(ProductBodySchema.safeParse({ ...valid, [field]: value }))).toBe(message);
  });
});

describe('ImageUrlSchema', () => {
  it.each([
    '/uploads/3f1c-thumb.webp',
    'https://forgeline.s3.eu-west-1.amazonaws.com/3f1c.webp',
    'https://cdn.example.com/photos/3f1c.webp',
    // A development bucket (s3rver, MinIO) without TLS, on this machine only.
    'http://127.0.0.1:4568/forgeline/3f1c.webp',
    'http://localhost:9000/forgeline/3f1c.webp',
    'http://localhost/forgeline/3f1c.webp',
  ])('accepts %s', (url) => {
    expect(ImageUrlSchema.safeParse(url).success).toBe(true);
  });
  it.each([
    'http://minio.example.com/forgeline/3f1c.webp',
    'http://localhost.evil.com/x.webp',
    'http://127.0.0.1.nip.io/x.webp',
    'http://localhost:9000',
    'http://localhost:9000/x "onerror=alert(1)',
    '/uploads/../secret',
    'javascript:alert(1)',
  ])('refuses %s', (url) => {
    expect(ImageUrlSchema.safeParse(url).success).toBe(false);
  });
});

describe('purchaseFormSchema', () => {
  const schema = purchaseFormSchema({ minOrder: 50, availableQuantiity: 200 });
  const valid = { address: '1 Mill Road', phone: '+1 555 0100', buyQuantity: '60' };
  it('accepts a quantity within bounds', () => {
    expect(schema.parse(valid).buyQuantity).toBe(60);
  });
  it('uses the spec messages out of bounds', () => {
    expect(firstMessage(schema.safeParse({ ...valid, buyQuantity: '49' }))).toBe(
      "You can't order less than 50 pcs !",
    );
    expect(firstMessage(schema.safeParse({ ...valid, buyQuantity: '201' }))).toBe(
      messages.quantityAboveAvailable,
    );
    expect(firstMessage(schema.safeParse({ ...valid, address: '' }))).toBe(messages.addressRequired);
  });
});

describe('UserInfoBodySchema', () => {
  it('requires all three fields', () => {
    const result = UserInfoBodySchema.safeParse({ phone: '', address: '', profession: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      messages.phoneRequired,
      messages.addressRequired,
      messages.professionRequired,
    ]);
  });
});

describe('ProductListQuerySchema and money', () => {
  it('coerces query strings', () => {
    expect(ProductListQuerySchema.parse({ page: '2', limit: '10' })).toEqual({ page: 2, limit: 10 });
  });
  it('converts dollars and cents without float drift', () => {
    expect(toCents(0.29)).toBe(29);
    expect(toCents(19.99)).toBe(1999);
    expect(toDollars(1999)).toBe(19.99);
  });
});
