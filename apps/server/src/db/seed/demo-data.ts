import type { PartKind } from './part-images.ts';

/** What a parts manufacturer would really list: names, prices per piece, minimum orders and stock. */
type DemoProduct = {
  kind: PartKind;
  name: string;
  priceCents: number;
  minOrder: number;
  availableQuantity: number;
  description: string;
  /** Part number, order multiple, maximum per order and volume prices (cents), as a real catalogue has. */
  sku: string;
  packSize: number;
  maxOrder: number | null;
  priceTiers: { minQuantity: number; priceCents: number }[];
};

/**
 * Price per piece (cents), minimum order, order multiple, maximum per order (null: none), stock, and
 * volume prices (from that many pieces, that price in cents).
 */
type OrderTerms = [
  priceCents: number,
  minOrder: number,
  packSize: number,
  maxOrder: number | null,
  availableQuantity: number,
  priceBreaks: Record<number, number>,
];

/** The featured parts' ordering terms as a price list prints them, one row a part number. */
const featuredTerms = {
  'FL-BLT-M12-50': [42, 500, 100, null, 120_000, { 2000: 38, 10000: 34 }],
  'FL-BRG-6204': [285, 100, 10, null, 18_000, { 500: 262, 2000: 239 }],
  'FL-GR-M2-40T': [1450, 50, 1, 500, 2_400, { 200: 1360 }],
  'FL-VLV-BV1-1000': [1890, 25, 5, null, 1_500, { 100: 1750, 500: 1640 }],
  'FL-FLG-DN50-PN16': [2340, 20, 1, 300, 900, {}],
  'FL-SPR-2-20-60': [36, 1000, 100, null, 250_000, { 5000: 32, 25000: 28 }],
  'FL-BSH-20-25-30': [175, 200, 50, null, 30_000, { 1000: 158 }],
  'FL-CPL-L100': [980, 40, 1, null, 3_200, { 100: 920, 400: 865 }],
  'FL-BRK-90-90-65': [95, 300, 50, null, 64_000, { 1000: 86, 5000: 79 }],
  'FL-HYD-JIC-38': [320, 100, 10, 2000, 12_000, { 500: 295 }],
  'FL-ALU-4040-1M': [1160, 30, 1, null, 5_200, { 100: 1080, 300: 990 }],
  'FL-NUT-M10-A2': [8, 2000, 500, null, 500_000, { 10000: 7, 50000: 6 }],
} satisfies Record<string, OrderTerms>;

/** What the catalogue says about a featured part, and the picture drawn for it. */
type FeaturedCopy = Pick<DemoProduct, 'kind' | 'name' | 'description'> & { sku: keyof typeof featuredTerms };

const featuredCopy: FeaturedCopy[] = [
  {
    sku: 'FL-BLT-M12-50',
    kind: 'bolt',
    name: 'Hex Flange Bolt M12 × 50, Grade 10.9',
    description:
      'High-tensile flange bolt with a serrated bearing face and zinc-flake coating, 720 h salt-spray rated. For structural steel, machinery frames and conveyor assemblies.',
  },
  {
    sku: 'FL-BRG-6204',
    kind: 'bearing',
    name: 'Deep Groove Ball Bearing 6204-2RS',
    description:
      '20 × 47 × 14 mm, chrome steel, rubber-sealed both sides and greased for life. Dynamic load 12.7 kN; suits electric motors, pumps and gearboxes.',
  },
  {
    sku: 'FL-GR-M2-40T',
    kind: 'gear',
    name: 'Spur Gear Module 2, 40 Teeth',
    description:
      'C45 steel, hobbed and induction-hardened teeth, 20° pressure angle, 20 mm bore with keyway. Pitch diameter 80 mm, face width 20 mm.',
  },
  {
    sku: 'FL-VLV-BV1-1000',
    kind: 'valve',
    name: 'Stainless Ball Valve 1" NPT, 1000 WOG',
    description:
      'Two-piece CF8M body, full port, PTFE seats, lockable lever handle. Rated 1000 psi water-oil-gas, −20 to 180 °C. Pressure-tested before dispatch.',
  },
  {
    sku: 'FL-FLG-DN50-PN16',
    kind: 'flange',
    name: 'Weld Neck Flange DN50 PN16',
    description:
      'Forged carbon steel to EN 1092-1 type 11, raised face, four M16 bolt holes, schedule 40 bore. Supplied with mill certificates 3.1.',
  },
  {
    sku: 'FL-SPR-2-20-60',
    kind: 'spring',
    name: 'Compression Spring 2.0 × 20 × 60 mm',
    description:
      'Music-wire spring, 2.0 mm wire, 20 mm outer diameter, 60 mm free length, ends closed and ground. Spring rate 7.4 N/mm; shot-peened for fatigue life.',
  },
  {
    sku: 'FL-BSH-20-25-30',
    kind: 'bushing',
    name: 'Sintered Bronze Bushing 20 × 25 × 30 mm',
    description:
      'Oil-impregnated SAE 841 bronze sleeve bearing for maintenance-free pivots and slides. Press fit into H7 housings; runs to 6 m/s.',
  },
  {
    sku: 'FL-CPL-L100',
    kind: 'coupling',
    name: 'Jaw Coupling L-100 with NBR Spider',
    description:
      'Sintered iron hubs with a 92 Shore A nitrile spider. Absorbs shock and up to 1° misalignment between motor and pump shafts; 5.9 Nm nominal torque.',
  },
  {
    sku: 'FL-BRK-90-90-65',
    kind: 'bracket',
    name: 'Galvanized Angle Bracket 90 × 90 × 65 mm',
    description:
      '2.5 mm hot-dip galvanized steel with a pressed stiffening rib and four 11 mm holes. For timber framing, racking and cable tray supports.',
  },
  {
    sku: 'FL-HYD-JIC-38',
    kind: 'fitting',
    name: 'Hydraulic Hose Fitting JIC 3/8"',
    description:
      'Crimp-style straight female JIC 37° swivel for 3/8" two-wire hose. Zinc-nickel plated carbon steel, working pressure 280 bar.',
  },
  {
    sku: 'FL-ALU-4040-1M',
    kind: 'extrusion',
    name: 'Aluminium T-Slot Profile 40 × 40, 1 m',
    description:
      '6063-T5 anodised extrusion with 8 mm slots on all four sides, cut square to ±0.2 mm. For machine guards, workstations and automation frames.',
  },
  {
    sku: 'FL-NUT-M10-A2',
    kind: 'nut',
    name: 'Nylon Insert Lock Nut M10, A2 Stainless',
    description:
      'DIN 985 prevailing-torque nut that stays put under vibration. A2-70 stainless steel with a white nylon collar, reusable up to five times.',
  },
];

const featured: DemoProduct[] = featuredCopy.map((copy) => {
  const [priceCents, minOrder, packSize, maxOrder, availableQuantity, priceBreaks] = featuredTerms[copy.sku];
  const priceTiers = Object.entries(priceBreaks).map(([from, cents]) => ({
    minQuantity: Number(from),
    priceCents: cents,
  }));
  return { ...copy, priceCents, minOrder, packSize, maxOrder, availableQuantity, priceTiers };
});

/**
 * The standard range a buyer reorders by part number (forty different parts in one checkout):
 * socket cap screws, hex nuts and washers in the common metric sizes, and small ball bearings.
 */
const metricSizes = [
  { size: 4, screwCents: 6, nutCents: 2, washerCents: 1 },
  { size: 5, screwCents: 7, nutCents: 2, washerCents: 1 },
  { size: 6, screwCents: 9, nutCents: 3, washerCents: 1 },
  { size: 8, screwCents: 14, nutCents: 4, washerCents: 2 },
  { size: 10, screwCents: 22, nutCents: 6, washerCents: 3 },
  { size: 12, screwCents: 31, nutCents: 9, washerCents: 4 },
  { size: 16, screwCents: 58, nutCents: 17, washerCents: 7 },
  { size: 20, screwCents: 96, nutCents: 29, washerCents: 11 },
] as const;

/** Two price breaks: 10 % off from ten packs, 20 % off from fifty. */
const breaks = (priceCents: number, pack: number) => [
  { minQuantity: pack * 10, priceCents: Math.max(1, Math.round(priceCents * 0.9)) },
  { minQuantity: pack * 50, priceCents: Math.max(1, Math.round(priceCents * 0.8)) },
];

const standardRange: DemoProduct[] = [
  ...metricSizes.map(({ size, screwCents }) => ({
    kind: 'bolt' as const,
    name: `Socket Cap Screw M${size} × ${size * 4}, ISO 4762 8.8`,
    priceCents: screwCents,
    minOrder: 100,
    availableQuantity: 60_000,
    sku: `FL-SCS-M${size}-${size * 4}`,
    packSize: 100,
    maxOrder: null,
    priceTiers: breaks(screwCents, 100),
    description: `Hexagon socket head cap screw, M${size} × ${size * 4} mm, property class 8.8, black oxide. Stocked in boxes of 100.`,
  })),
  ...metricSizes.map(({ size, nutCents }) => ({
    kind: 'nut' as const,
    name: `Hex Nut M${size}, ISO 4032 Class 8`,
    priceCents: nutCents,
    minOrder: 200,
    availableQuantity: 150_000,
    sku: `FL-HXN-M${size}`,
    packSize: 200,
    maxOrder: null,
    priceTiers: breaks(nutCents, 200),
    description: `Regular hexagon nut, M${size}, class 8 steel, zinc plated. Stocked in bags of 200.`,
  })),
  ...metricSizes.map(({ size, washerCents }) => ({
    kind: 'bushing' as const,
    name: `Flat Washer M${size}, ISO 7089 200 HV`,
    priceCents: washerCents,
    minOrder: 500,
    availableQuantity: 250_000,
    sku: `FL-WSH-M${size}`,
    packSize: 500,
    maxOrder: null,
    priceTiers: breaks(washerCents, 500),
    description: `Plain washer for M${size} bolts, hardened to 200 HV, zinc plated. Stocked in bags of 500.`,
  })),
  ...[6000, 6001, 6002, 6003, 6004, 6005].map((series, index) => ({
    kind: 'bearing' as const,
    name: `Deep Groove Ball Bearing ${series}-2Z`,
    priceCents: 160 + index * 25,
    minOrder: 10,
    availableQuantity: 8_000,
    sku: `FL-BRG-${series}`,
    packSize: 10,
    maxOrder: 2_000,
    priceTiers: breaks(160 + index * 25, 10),
    description: `Single-row deep groove ball bearing ${series} with two steel shields, C3 clearance, pre-greased. Boxes of 10.`,
  })),
];
export const demoProducts: DemoProduct[] = [...featured, ...standardRange];

export const demoReviews: {
  name: string;
  email: string;
  profession: string;
  body: string;
  rating: number;
  /** The part it reviews (its product page lists it); without one, a review of the shop. */
  sku?: string;
}[] = [
  {
    name: 'Amelia Hart',
    email: 'amelia.hart@northfield-fab.com',
    profession: 'Procurement Manager, Northfield Fabrication',
    body: 'We moved our fastener contract to Forgeline last spring. Every pallet has arrived on the promised day with certificates in the box.',
    rating: 5,
  },
  {
    name: 'Rahim Chowdhury',
    email: 'rahim@dhakabuild.com.bd',
    profession: 'Site Engineer',
    body: 'The weld neck flanges matched the drawings to the millimetre. Ordering 40 at a time with card payment saves us a week of paperwork.',
    rating: 5,
    sku: 'FL-FLG-DN50-PN16',
  },
  {
    name: 'Sofia Marin',
    email: 'sofia.marin@aquaflow.es',
    profession: 'Maintenance Lead, AquaFlow Pumps',
    body: 'Bearings and couplings are consistent batch to batch. A delivery slipped by two days once, but they told us before we had to ask.',
    rating: 4,
    sku: 'FL-BRG-6204',
  },
  {
    name: 'David Okafor',
    email: 'd.okafor@lagosframes.ng',
    profession: 'Production Planner',
    body: 'Clear minimum order quantities and live stock figures: I know what I can schedule before I place the order.',
    rating: 5,
  },
  {
    name: 'Hannah Keller',
    email: 'hkeller@keller-moebel.de',
    profession: 'Owner, Keller Möbelbau',
    body: 'Good brackets at a fair price for our workshop. The T-slot profiles were cut cleaner than what we had from our old supplier.',
    rating: 4,
    sku: 'FL-BRK-90-90-65',
  },
  {
    name: 'Marcus Lee',
    email: 'marcus.lee@pacificautomation.com',
    profession: 'Automation Engineer',
    body: 'Hydraulic fittings held pressure on the first test. Support answered a thread-spec question within the hour.',
    rating: 5,
    sku: 'FL-HYD-JIC-38',
  },
];
