import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@forgeline/shared/messages';
import { ReviewSchema, type Review } from '@forgeline/shared/schemas/review';
import { reviews, users } from '../src/db/schema/index.ts';
import { REVIEW_RATE_LIMIT } from '../src/modules/reviews/routes.ts';
import { createUser, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCast, expectRefused as expectRefusedIn } from './support/cast.ts';
import { makeProduct, payOrder, placeOrder } from './support/data.ts';

let t: TestApp;
let customerA: TestUser;
let customerB: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  ({ customerA, customerB, admin } = await createCast(t.app));
});
afterAll(() => t.close());

const body = (extra: Record<string, unknown> = {}) => ({
  profession: 'Plant engineer',
  review: 'Bearings arrived early and true.',
  rating: 5,
  ...extra,
});
const post = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/review', headers, payload: payload as object });

const expectRefused = <R extends { statusCode: number; body: string }>(
  call: () => Promise<R>,
  status: number,
) => expectRefusedIn(t.app, call, status);

describe('POST /api/review', () => {
  it('stores the review as the signed-in user, whatever name, email and photo the body claims', async () => {
    const res = await post(
      customerA.headers,
      body({ name: 'Admin', email: 'admin@forgeline.com', img: 'https://evil.example/x.png', rating: '4' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { acknowledged, insertedId } = res.json<{ acknowledged: boolean; insertedId: string }>();
    expect(acknowledged).toBe(true);
    const [row] = await t.app.db.select().from(reviews).where(eq(reviews.id, insertedId));
    expect(row).toMatchObject({
      userId: customerA.id,
      name: customerA.name,
      email: customerA.email,
      imageUrl: null,
      rating: 4,
      verifiedPurchase: false,
    });

    const list = (await t.app.inject({ method: 'GET', url: '/api/reviews' })).json<Review[]>();
    expect(list[0]).toMatchObject({
      _id: insertedId,
      name: customerA.name,
      profession: 'Plant engineer',
      rating: 4,
      verifiedPurchase: false,
    });
    for (const review of list) expect(ReviewSchema.strict().parse(review)).toEqual(review);
  });

  it("uses the account's photo only when it is one uploaded to Forgeline", async () => {
    const imageOf = async (image: string) => {
      const user = await createUser(t.app);
      await t.app.db.update(users).set({ image }).where(eq(users.id, user.id));
      const res = await post(user.headers, body());
      const [row] = await t.app.db
        .select()
        .from(reviews)
        .where(eq(reviews.id, res.json<{ insertedId: string }>().insertedId));
      return row?.imageUrl;
    };
    expect(await imageOf('/uploads/me.webp')).toBe('/uploads/me.webp');
    expect(await imageOf('https://images.example.com/me.png')).toBeNull();
  });

  it('marks a customer with a paid order as a verified purchase', async () => {
    const buyer = await createUser(t.app);
    const product = await makeProduct(t.app);
    const unpaid = await placeOrder(t.app, buyer, product.id, 1);
    const before = await post(buyer.headers, body());
    expect(
      (
        await t.app.db
          .select()
          .from(reviews)
          .where(eq(reviews.id, before.json<{ insertedId: string }>().insertedId))
      )[0]?.verifiedPurchase,
    ).toBe(false);
    await payOrder(t.app, buyer, unpaid);
    const after = await post(buyer.headers, body());
    const shown = (await t.app.inject({ method: 'GET', url: '/api/reviews' })).json<Review[]>();
    expect(
      shown.find((r) => r._id === after.json<{ insertedId: string }>().insertedId)?.verifiedPurchase,
    ).toBe(true);
  });

  it.each([
    ['missing', { rating: undefined }, 'rating', messages.ratingRequired],
    ['empty', { rating: '' }, 'rating', messages.ratingRequired],
    ['zero (no star chosen)', { rating: 0 }, 'rating', messages.ratingRequired],
    ['six', { rating: 6 }, 'rating', 'Rating must be a whole number from 1 to 5'],
    ['fractional', { rating: 3.5 }, 'rating', 'Rating must be a whole number from 1 to 5'],
    ['not a number', { rating: 'five' }, 'rating', messages.ratingRequired],
    ['without designation', { profession: '  ' }, 'profession', messages.designationRequired],
    ['without text', { review: '' }, 'review', messages.reviewRequired],
    ['with too long a text', { review: 'x'.repeat(1001) }, 'review', 'Must be 1000 characters or fewer'],
    [
      'with too long a designation',
      { profession: 'x'.repeat(81) },
      'profession',
      'Must be 80 characters or fewer',
    ],
  ])('refuses a review %s', async (_label, override, field, message) => {
    const res = await expectRefused(() => post(customerB.headers, body(override)), 400);
    expect(res.json().details[field]).toBe(message);
  });

  it(`limits each user to ${REVIEW_RATE_LIMIT.max} reviews per hour`, async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < REVIEW_RATE_LIMIT.max; i += 1)
      expect((await post(user.headers, body())).statusCode).toBe(201);
    expect((await expectRefused(() => post(user.headers, body()), 429)).json().code).toBe('RATE_LIMITED');
  });

  describe('authorization matrix', () => {
    it.each([
      ['visitor', 401],
      ['customerA', 201],
      ['customerB', 201],
      ['admin', 201],
    ] as const)('POST /api/review as %s → %i', async (role, status) => {
      const headers = role === 'visitor' ? {} : { customerA, customerB, admin }[role].headers;
      if (status === 401) return void (await expectRefused(() => post(headers, body()), 401));
      const res = await post(headers, body({ review: `From ${role}` }));
      expect(res.statusCode).toBe(201);
      const [row] = await t.app.db
        .select()
        .from(reviews)
        .where(eq(reviews.id, res.json<{ insertedId: string }>().insertedId));
      expect(row?.body).toBe(`From ${role}`);
    });

    it.each(['visitor', 'customerA', 'customerB', 'admin'] as const)(
      'GET /api/reviews as %s → 200',
      async (role) => {
        const headers = role === 'visitor' ? {} : { customerA, customerB, admin }[role].headers;
        await expectRefused(() => t.app.inject({ method: 'GET', url: '/api/reviews', headers }), 200);
      },
    );
  });
});

describe('reviews of a part', () => {
  type Rated = { average: number | null; count: number; reviews: Review[] };
  const reviewsOf = (productId: string) =>
    t.app.inject({ method: 'GET', url: `/api/product/${productId}/reviews` });

  it("lists a part's reviews with their mean rating; the carousel still shows every review", async () => {
    const product = await makeProduct(t.app);
    const other = await makeProduct(t.app);
    expect((await reviewsOf(product.id)).json<Rated>()).toEqual({ average: null, count: 0, reviews: [] });

    const buyer = await createUser(t.app);
    const paid = await placeOrder(t.app, buyer, product.id, 1);
    await payOrder(t.app, buyer, paid);
    const first = await post(buyer.headers, body({ productId: product.id, rating: 5 }));
    expect(first.statusCode, first.body).toBe(201);
    const second = await post(customerB.headers, body({ productId: product.id, rating: 4, review: 'Fine' }));
    expect(second.statusCode, second.body).toBe(201);
    await post(customerB.headers, body({ productId: other.id, rating: 1 }));

    const res = await reviewsOf(product.id);
    expect(res.statusCode).toBe(200);
    const rated = res.json<Rated>();
    expect(rated.average).toBe(4.5);
    expect(rated.count).toBe(2);
    expect(rated.reviews.map((r) => [r.review, r.rating, r.verifiedPurchase, r.productId])).toEqual([
      ['Fine', 4, false, product.id],
      ['Bearings arrived early and true.', 5, true, product.id],
    ]);
    const carousel = (await t.app.inject({ method: 'GET', url: '/api/reviews' })).json<Review[]>();
    expect(carousel.map((r) => r._id)).toContain(first.json<{ insertedId: string }>().insertedId);
  });

  it('counts a verified buyer of the part only when they paid for that part', async () => {
    const bought = await makeProduct(t.app);
    const reviewed = await makeProduct(t.app);
    const buyer = await createUser(t.app);
    await payOrder(t.app, buyer, await placeOrder(t.app, buyer, bought.id, 1));
    await post(buyer.headers, body({ productId: reviewed.id }));
    const [review] = (await reviewsOf(reviewed.id)).json<Rated>().reviews;
    expect(review?.verifiedPurchase).toBe(false);
  });

  it('refuses a review of a part that does not exist, and stores nothing', async () => {
    for (const productId of ['00000000-0000-4000-8000-000000000000', 'not-a-part']) {
      const res = await expectRefused(() => post(customerA.headers, body({ productId })), 404);
      expect(res.json().message).toBe('Product not found.');
    }
    expect((await reviewsOf('not-a-part')).statusCode).toBe(404);
  });
});
