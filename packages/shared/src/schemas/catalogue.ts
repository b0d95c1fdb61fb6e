import { z } from 'zod';
import {
  ATTRIBUTE_KEY_PATTERN,
  ATTRIBUTE_TYPES,
  ATTRIBUTE_UNITS,
  DISPLAY_UNITS,
  RESERVED_PARAMS,
} from '../catalogue.ts';
import { MULTI_LINE, notMultiLine, singleLineText } from './common.ts';
import { ProductListQuerySchema, ProductSchema } from './product.ts';

/** The catalogue's categories and typed attributes on the wire (docs/decisions/0220). */

export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A category's address name: lower-case words joined by dashes ('ball-bearings'). */
export const CategorySlugSchema = z
  .string({ error: 'The address name is required' })
  .trim()
  .min(1, 'The address name is required')
  .max(60, 'The address name must be 60 characters or fewer')
  .regex(CATEGORY_SLUG_PATTERN, 'The address name is lower-case letters and digits joined by dashes');

export const CategorySchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  parentId: z.string().nullable(),
  /** Lengths of this category's parts may be shown and filtered in inches as well as mm. */
  inches: z.boolean(),
  position: z.number().int(),
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoryBodySchema = z.object({
  name: singleLineText('Name', 'Name is required', 80),
  slug: CategorySlugSchema,
  description: z
    .string()
    .trim()
    .max(600, 'The description must be 600 characters or fewer')
    .regex(MULTI_LINE, notMultiLine('The description'))
    .default(''),
  /** The parent's id; null or absent: a top-level category. */
  parentId: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.uuid('The parent must be a category id').nullable(),
  ),
  inches: z.boolean().default(false),
  position: z.number().int().min(0).max(10_000).default(0),
});
export type CategoryBody = z.infer<typeof CategoryBodySchema>;
export type CategoryBodyInput = z.input<typeof CategoryBodySchema>;

export const AttributeDefSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  unit: z.string().nullable(),
  options: z.array(z.string()),
});

/** An attribute as the admin sees it: with its id and the category that defines it. */
export const AttributeSchema = AttributeDefSchema.extend({
  _id: z.string(),
  categoryId: z.string(),
  position: z.number().int(),
});
export type Attribute = z.infer<typeof AttributeSchema>;

const UNITS = ATTRIBUTE_UNITS;

export const AttributeBodySchema = z
  .object({
    key: z
      .string({ error: 'The key is required' })
      .trim()
      .regex(
        ATTRIBUTE_KEY_PATTERN,
        'The key is lower-case letters, digits and _ (bore_mm), starting with a letter',
      )
      .refine((key) => !(RESERVED_PARAMS as readonly string[]).includes(key), {
        error: `The key may not be one of ${RESERVED_PARAMS.join(', ')}: the catalogue's address uses them`,
      }),
    label: singleLineText('Label', 'Label is required', 60),
    type: z.enum(ATTRIBUTE_TYPES, { error: 'The type is number, choice or boolean' }),
    unit: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z.enum(UNITS, { error: `The unit is one of ${UNITS.join(', ')}` }).nullable(),
    ),
    // A form's one line 'Open, ZZ, 2RS' or the API's array.
    options: z.preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(',')
              .map((option) => option.trim())
              .filter(Boolean)
          : (value ?? []),
      z
        .array(
          singleLineText('An option', 'An option may not be empty', 40).refine(
            (option) => !option.includes(','),
            {
              error: 'An option may not contain a comma',
            },
          ),
        )
        .max(50, 'At most 50 options'),
    ),
    position: z.number().int().min(0).max(10_000).default(0),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'choice' && body.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'A choice needs its options' });
    }
    if (body.type !== 'choice' && body.options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only a choice has options' });
    }
    if (body.type !== 'number' && body.unit !== null) {
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'Only a number has a unit' });
    }
    if (new Set(body.options.map((option) => option.toLowerCase())).size !== body.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Each option once' });
    }
  });
export type AttributeBody = z.infer<typeof AttributeBodySchema>;
export type AttributeBodyInput = z.input<typeof AttributeBodySchema>;

/** A part's category and values (PUT /admin/products/:id/specs): values as numbers, '0.25 in', options, yes/no. */
export const ProductSpecsBodySchema = z.object({
  category: z.string().trim().max(100).nullable(),
  attributes: z
    .record(z.string().max(40), z.union([z.number(), z.string().max(100), z.boolean()]))
    .default({}),
});
export type ProductSpecsBody = z.infer<typeof ProductSpecsBodySchema>;

export const AttributeValueSchema = z.union([z.number(), z.string(), z.boolean()]);

/** A part's category trail and its values, for the part page. */
export const ProductSpecsSchema = z.object({
  category: z.object({ slug: z.string(), name: z.string(), inches: z.boolean() }).nullable(),
  breadcrumbs: z.array(z.object({ slug: z.string(), name: z.string() })),
  specs: z.array(AttributeDefSchema.extend({ value: AttributeValueSchema })),
});
export type ProductSpecs = z.infer<typeof ProductSpecsSchema>;

/** GET /catalogue: a category's page or a search's, with its filters (any other key names an attribute). */
export const BrowseQuerySchema = z
  .object({
    category: z.string().trim().max(100).optional(),
    q: ProductListQuerySchema.shape.search,
    page: ProductListQuerySchema.shape.page,
    unit: z.enum(DISPLAY_UNITS, { error: 'unit is mm or in' }).optional(),
  })
  .catchall(z.string({ error: 'A filter is given once (seal=2RS,ZZ for several values)' }).max(200));
export type BrowseQuery = z.infer<typeof BrowseQuerySchema>;

export const FacetSchema = z.object({
  key: z.string(),
  values: z.array(z.object({ value: AttributeValueSchema, count: z.number().int() })),
  min: z.number().nullable(),
  max: z.number().nullable(),
});

export const CategoryLinkSchema = z.object({
  slug: z.string(),
  name: z.string(),
  count: z.number().int(),
});

export const BrowseResultSchema = z.object({
  category: z
    .object({ slug: z.string(), name: z.string(), description: z.string(), inches: z.boolean() })
    .nullable(),
  breadcrumbs: z.array(z.object({ slug: z.string(), name: z.string() })),
  /** The subcategories (on a category page) or the categories of the matches (on a search), with counts. */
  categories: z.array(CategoryLinkSchema),
  attributes: z.array(AttributeDefSchema),
  facets: z.array(FacetSchema),
  /** The filters in force, as address parameters. */
  filters: z.record(z.string(), z.string()),
  unit: z.enum(DISPLAY_UNITS),
  products: z.array(ProductSchema),
  /** The values of the page's parts, by product id and then attribute key. */
  values: z.record(z.string(), z.record(z.string(), AttributeValueSchema)),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BrowseResult = z.infer<typeof BrowseResultSchema>;

/** GET /catalogue/suggest?q=: the parts a search box offers while typing, the exact part number first. */
export const SuggestQuerySchema = z.object({ q: ProductListQuerySchema.shape.search });
export const SuggestionSchema = z.object({ _id: z.string(), sku: z.string(), name: z.string() });
export type Suggestion = z.infer<typeof SuggestionSchema>;
/** How many suggestions a search box shows. */
export const SUGGESTIONS_MAX = 8;
