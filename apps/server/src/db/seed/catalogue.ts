import type { AttributeType, AttributeValue } from '@forgeline/shared/catalogue';
import type { Executor } from '../client.ts';
import {
  categories,
  categoryAttributes,
  productAttributeValues,
  productCategories,
} from '../schema/index.ts';

/**
 * The demo catalogue's tree (docs/decisions/0220): bearings filtered by bore, outside diameter, width and
 * seal (in mm or inches), fasteners by thread, length, class and finish, and three plain categories.
 */
type DemoCategory = {
  slug: string;
  name: string;
  description: string;
  parent?: string;
  inches?: boolean;
  attributes?: { key: string; label: string; type: AttributeType; unit?: string; options?: string[] }[];
};

const THREADS = ['M4', 'M5', 'M6', 'M8', 'M10', 'M12', 'M16', 'M20'];

const tree: DemoCategory[] = [
  {
    slug: 'bearings',
    name: 'Bearings',
    description: 'Rolling bearings by bore, outside diameter, width and seal, in millimetres or inches.',
    inches: true,
    attributes: [
      { key: 'bore', label: 'Bore', type: 'number', unit: 'mm' },
      { key: 'outer_diameter', label: 'Outside diameter', type: 'number', unit: 'mm' },
      { key: 'width', label: 'Width', type: 'number', unit: 'mm' },
    ],
  },
  {
    slug: 'ball-bearings',
    name: 'Deep groove ball bearings',
    description: 'Single-row deep groove ball bearings, shielded or sealed, pre-greased.',
    parent: 'bearings',
    attributes: [{ key: 'seal', label: 'Seal', type: 'choice', options: ['Open', '2Z', '2RS'] }],
  },
  {
    slug: 'fasteners',
    name: 'Fasteners',
    description: 'Metric bolts, screws, nuts and washers by thread and finish.',
    attributes: [
      { key: 'thread', label: 'Thread', type: 'choice', options: THREADS },
      {
        key: 'finish',
        label: 'Finish',
        type: 'choice',
        options: ['Black oxide', 'Zinc plated', 'Zinc flake', 'Stainless A2'],
      },
    ],
  },
  {
    slug: 'screws-bolts',
    name: 'Screws and bolts',
    description: 'Socket cap screws and flange bolts by thread, length and property class.',
    parent: 'fasteners',
    attributes: [
      { key: 'length', label: 'Length', type: 'number', unit: 'mm' },
      { key: 'property_class', label: 'Property class', type: 'choice', options: ['8.8', '10.9'] },
    ],
  },
  {
    slug: 'nuts',
    name: 'Nuts',
    description: 'Hex nuts and lock nuts.',
    parent: 'fasteners',
    attributes: [{ key: 'locking', label: 'Self-locking', type: 'boolean' }],
  },
  { slug: 'washers', name: 'Washers', description: 'Flat washers, hardened.', parent: 'fasteners' },
  {
    slug: 'power-transmission',
    name: 'Power transmission',
    description: 'Gears, couplings and bushings.',
  },
  {
    slug: 'fluid-handling',
    name: 'Fluid handling',
    description: 'Valves, flanges and hydraulic fittings.',
  },
  { slug: 'structural', name: 'Structural parts', description: 'Brackets, profiles and springs.' },
];

const sizes = [4, 5, 6, 8, 10, 12, 16, 20];
const bearings: [string, number, number, number, string][] = [
  ['FL-BRG-6204', 20, 47, 14, '2RS'],
  ['FL-BRG-6000', 10, 26, 8, '2Z'],
  ['FL-BRG-6001', 12, 28, 8, '2Z'],
  ['FL-BRG-6002', 15, 32, 9, '2Z'],
  ['FL-BRG-6003', 17, 35, 10, '2Z'],
  ['FL-BRG-6004', 20, 42, 12, '2Z'],
  ['FL-BRG-6005', 25, 47, 12, '2Z'],
];

/** Each demo part's category and values, by part number. */
const parts: [sku: string, category: string, values: Record<string, AttributeValue>][] = [
  ...bearings.map(([sku, bore, outer, width, seal]): [string, string, Record<string, AttributeValue>] => [
    sku,
    'ball-bearings',
    { bore, outer_diameter: outer, width, seal },
  ]),
  [
    'FL-BLT-M12-50',
    'screws-bolts',
    { thread: 'M12', length: 50, property_class: '10.9', finish: 'Zinc flake' },
  ],
  ...sizes.map((size): [string, string, Record<string, AttributeValue>] => [
    `FL-SCS-M${size}-${size * 4}`,
    'screws-bolts',
    { thread: `M${size}`, length: size * 4, property_class: '8.8', finish: 'Black oxide' },
  ]),
  ['FL-NUT-M10-A2', 'nuts', { thread: 'M10', finish: 'Stainless A2', locking: true }],
  ...sizes.map((size): [string, string, Record<string, AttributeValue>] => [
    `FL-HXN-M${size}`,
    'nuts',
    { thread: `M${size}`, finish: 'Zinc plated', locking: false },
  ]),
  ...sizes.map((size): [string, string, Record<string, AttributeValue>] => [
    `FL-WSH-M${size}`,
    'washers',
    { thread: `M${size}`, finish: 'Zinc plated' },
  ]),
  ['FL-GR-M2-40T', 'power-transmission', {}],
  ['FL-CPL-L100', 'power-transmission', {}],
  ['FL-BSH-20-25-30', 'power-transmission', {}],
  ['FL-VLV-BV1-1000', 'fluid-handling', {}],
  ['FL-FLG-DN50-PN16', 'fluid-handling', {}],
  ['FL-HYD-JIC-38', 'fluid-handling', {}],
  ['FL-BRK-90-90-65', 'structural', {}],
  ['FL-ALU-4040-1M', 'structural', {}],
  ['FL-SPR-2-20-60', 'structural', {}],
];

/** Writes the demo tree, its attributes and the demo parts' values, in the seed's transaction. */
export async function seedCatalogue(tx: Executor, idOfSku: ReadonlyMap<string, string>): Promise<void> {
  const idOfSlug = new Map<string, string>();
  const attributeIds = new Map<string, string>();
  for (const [position, category] of tree.entries()) {
    const [row] = await tx
      .insert(categories)
      .values({
        slug: category.slug,
        name: category.name,
        description: category.description,
        inches: category.inches ?? false,
        position,
        parentId: category.parent ? idOfSlug.get(category.parent)! : null,
      })
      .returning({ id: categories.id });
    idOfSlug.set(category.slug, row!.id);
    for (const [index, attribute] of (category.attributes ?? []).entries()) {
      const [inserted] = await tx
        .insert(categoryAttributes)
        .values({
          categoryId: row!.id,
          key: attribute.key,
          label: attribute.label,
          type: attribute.type,
          unit: attribute.unit ?? null,
          options: attribute.options ?? [],
          position: index,
        })
        .returning({ id: categoryAttributes.id });
      attributeIds.set(attribute.key, inserted!.id);
    }
  }
  const placed = parts.filter(([sku]) => idOfSku.has(sku));
  await tx
    .insert(productCategories)
    .values(placed.map(([sku, slug]) => ({ productId: idOfSku.get(sku)!, categoryId: idOfSlug.get(slug)! })));
  const values = placed.flatMap(([sku, , byKey]) =>
    Object.entries(byKey).map(([key, value]) => ({
      productId: idOfSku.get(sku)!,
      attributeId: attributeIds.get(key)!,
      numberValue: typeof value === 'number' ? value : null,
      textValue: typeof value === 'string' ? value : null,
      booleanValue: typeof value === 'boolean' ? value : null,
    })),
  );
  await tx.insert(productAttributeValues).values(values);
}
