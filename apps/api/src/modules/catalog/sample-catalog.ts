/**
 * The sample catalog the shop loads at start-up when its catalog is empty (DESIGN.md section 8).
 *
 * Pure data: no I/O. Every image lives in apps/web/public/images/products/ and was drawn as SVG
 * for this project. A few descriptions deliberately contain a literal backslash-n sequence and
 * real newlines, because the storefront must render both as line breaks.
 */
import type { Category, Variant } from '@shop/shared/catalog';

export interface SampleReview {
  name: string;
  email: string;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
  daysAgo: number;
}

export interface SampleProduct {
  /** Stable, unique, kebab-case. */
  slug: string;
  name: string;
  category: Category;
  /** Integer cents. */
  priceCents: number;
  /** HTML: <p>, <ul>, <li>, <strong>, <em>, <br>. */
  description: string;
  hasSize: boolean;
  hasAandB: boolean;
  /** '/images/products/<file>.svg' */
  image: string;
  /** Gallery, first = image. */
  images: string[];
  /** [] unless hasAandB. */
  imagesOptionA: string[];
  /** [] unless hasAandB. */
  imagesOptionB: string[];
  /** hasSize -> 'S/M', 'L', 'XL'; hasAandB -> 'A', 'B'; neither -> 'total'. */
  stock: Partial<Record<Variant, number>>;
  reviews: SampleReview[];
}

const img = (file: string): string => `/images/products/${file}.svg`;

const TEE_CARE =
  '<p><strong>Care:</strong> machine wash cold, inside out, with like colours. Tumble dry low. Do not iron the print.</p>';
const HOODIE_CARE =
  '<p><strong>Care:</strong> machine wash cold, inside out. Hang to dry to keep the fleece soft. Do not bleach.</p>';
const STRAP_NOTE =
  '<p><em>Bag is not included.</em> Each strap is woven on a narrow loom, so the pattern may shift slightly from the photo.</p>';
const TOTE_CARE =
  '<p><strong>Care:</strong> spot clean or hand wash cold; reshape and air dry. Do not tumble dry.</p>';

type ColourwayInput = Pick<
  SampleProduct,
  'slug' | 'name' | 'priceCents' | 'description' | 'stock'
> & {
  detail: boolean;
  reviews?: SampleReview[];
};

/** Options A and B are two colourways; straps have a detail shot of both, totes of A only. */
function twoColourways(category: Category, p: ColourwayInput, detailOfB: boolean): SampleProduct {
  const detailOf = (option: 'a' | 'b') =>
    p.detail && (option === 'a' || detailOfB) ? [img(`${p.slug}-${option}-detail`)] : [];
  const a = [img(`${p.slug}-a`), ...detailOf('a')];
  const b = [img(`${p.slug}-b`), ...detailOf('b')];
  return {
    slug: p.slug,
    name: p.name,
    category,
    priceCents: p.priceCents,
    description: p.description,
    hasSize: false,
    hasAandB: true,
    image: a[0]!,
    images: [img(`${p.slug}-a`), img(`${p.slug}-b`), ...detailOf('a')],
    imagesOptionA: a,
    imagesOptionB: b,
    stock: p.stock,
    reviews: p.reviews ?? [],
  };
}

/** A strap (category belts). */
const strap = (p: ColourwayInput) => twoColourways('belts', p, true);

/** A tote with two colourways. */
const toteAB = (p: ColourwayInput & { category: Category }) => twoColourways(p.category, p, false);

/** A sized garment (T-shirt or hoodie): sizes S/M, L and XL; optionally a back view. */
function sized(
  p: Pick<SampleProduct, 'slug' | 'name' | 'category' | 'priceCents' | 'description' | 'stock'> & {
    back: boolean;
    reviews?: SampleReview[];
  },
): SampleProduct {
  const images = [img(p.slug), ...(p.back ? [img(`${p.slug}-back`)] : [])];
  return {
    slug: p.slug,
    name: p.name,
    category: p.category,
    priceCents: p.priceCents,
    description: p.description,
    hasSize: true,
    hasAandB: false,
    image: images[0]!,
    images,
    imagesOptionA: [],
    imagesOptionB: [],
    stock: p.stock,
    reviews: p.reviews ?? [],
  };
}

export const SAMPLE_CATALOG: readonly SampleProduct[] = [
  // ---------------------------------------------------------------- Sadu Sands strap collection
  strap({
    slug: 'sadu-sands-classic-strap',
    name: 'Sadu Sands Classic Strap',
    priceCents: 4850,
    detail: true,
    description:
      '<p>Our signature bag strap, woven in the spirit of <strong>Al Sadu</strong>, the Bedouin weaving of the Arabian Peninsula: rows of saw-tooth triangles framing a line of diamonds.</p>' +
      '<ul><li>Option A: crimson, black and cream</li><li>Option B: indigo, cream and saffron</li><li>Width 5 cm (2 in); adjustable length 80-130 cm</li><li>Cotton-poly jacquard, vegetable-tanned leather tabs, swivel clips</li></ul>' +
      STRAP_NOTE,
    stock: { A: 24, B: 2 },
    reviews: [
      {
        name: 'Layla Haddad',
        email: 'layla.haddad@example.com',
        rating: 5,
        comment:
          'Turned a plain black crossbody into my favourite bag. The weave is thick and tidy.',
        daysAgo: 12,
      },
      {
        name: 'Maya Chen',
        email: 'maya.chen@example.com',
        rating: 5,
        comment: 'The colours are even richer in person. Clips feel solid.',
        daysAgo: 34,
      },
      {
        name: 'Omar Saleh',
        email: 'omar.saleh@example.com',
        rating: 4,
        comment: 'Bought it for my camera. Great pattern; I wish it went a little longer.',
        daysAgo: 57,
      },
      {
        name: 'Grace Miller',
        email: 'grace.miller@example.com',
        rating: 5,
        comment: 'Reminds me of the rugs at my grandmother’s house. Beautiful work.',
        daysAgo: 88,
      },
      {
        name: 'Noura Al-Mutairi',
        email: 'noura.almutairi@example.com',
        rating: 4,
        comment: 'Lovely strap. Shipping took a few extra days but it was worth the wait.',
        daysAgo: 143,
      },
    ],
  }),
  strap({
    slug: 'al-sadu-diamond-strap',
    name: 'Al Sadu Diamond Strap',
    priceCents: 5400,
    detail: true,
    description:
      '<p>A bolder take on the Sadu diamond: ivory lozenges on a deep wine ground (A) or gold on black (B). It dresses up a simple tote and sits flat on the shoulder.</p>' +
      '<ul><li>Width 5 cm (2 in); adjustable length 85-135 cm</li><li>Dense jacquard weave with reinforced edges</li><li>Antique-gold or silver-tone swivel hooks</li></ul>' +
      STRAP_NOTE,
    stock: { A: 1, B: 15 },
    reviews: [
      {
        name: 'Sofia Rossi',
        email: 'sofia.rossi@example.com',
        rating: 5,
        comment: 'The black and gold one is stunning with a leather bag.',
        daysAgo: 9,
      },
      {
        name: 'Hannah Brooks',
        email: 'hannah.brooks@example.com',
        rating: 4,
        comment: 'Gorgeous, slightly stiff at first but it softened after a week.',
        daysAgo: 61,
      },
    ],
  }),
  strap({
    slug: 'dune-triangle-strap',
    name: 'Dune Triangle Strap',
    priceCents: 3899,
    detail: false,
    description:
      '<p>Warm sand and terracotta triangles, like the shadows on a dune at sunset. Option B swaps in olive and cream.</p>\\n<p>Light enough for everyday bags, strong enough for a weekend tote.</p>' +
      '<ul><li>Width 4 cm (1.6 in); adjustable length 80-125 cm</li><li>Cotton blend, leather end tabs</li></ul>' +
      STRAP_NOTE,
    stock: { A: 0, B: 8 },
    reviews: [
      {
        name: 'Daniel Ortiz',
        email: 'daniel.ortiz@example.com',
        rating: 2,
        comment: 'Nice colours but one clip was scratched. Support sent a replacement quickly.',
        daysAgo: 40,
      },
      {
        name: 'Aisha Rahman',
        email: 'aisha.rahman@example.com',
        rating: 4,
        comment: 'The olive version goes with everything I own.',
        daysAgo: 112,
      },
    ],
  }),
  strap({
    slug: 'oasis-weave-strap',
    name: 'Oasis Weave Strap',
    priceCents: 4500,
    detail: true,
    description:
      '<p>Teal and rust (A) or palm green and gold (B): the colours of an oasis after the rain, woven in a classic Sadu band.</p>' +
      '<ul><li>Width 5 cm (2 in); adjustable length 80-130 cm</li><li>Cotton-poly jacquard, leather tabs with brass rivets</li><li>Fits most bag rings up to 3 cm</li></ul>' +
      STRAP_NOTE,
    stock: { A: 0, B: 12 },
    reviews: [],
  }),
  strap({
    slug: 'majlis-ember-strap',
    name: 'Majlis Ember Strap',
    priceCents: 8495,
    detail: false,
    description:
      '<p>Our limited, heavyweight strap, woven in small batches: ember orange with black (A) or burgundy with cream (B).</p>\n<p><strong>Limited run.</strong> When it is gone, it is gone.</p>' +
      '<ul><li>Width 5.5 cm (2.2 in); adjustable length 90-140 cm</li><li>Wool-cotton blend, full-grain leather tabs</li><li>Solid brass swivel hooks</li></ul>' +
      STRAP_NOTE,
    stock: { A: 3, B: 6 },
    reviews: [],
  }),

  // ---------------------------------------------------------------- Totes
  toteAB({
    slug: 'sadu-market-tote',
    name: 'Sadu Market Tote',
    category: 'totes',
    priceCents: 3200,
    detail: true,
    description:
      '<p>A roomy market tote in heavy cotton canvas with a woven Sadu band stitched across the front.</p>' +
      '<ul><li>Option A: natural canvas, crimson band</li><li>Option B: black canvas, gold band</li><li>40 x 38 x 12 cm; 60 cm handles</li><li>12 oz canvas, inner slip pocket</li></ul>' +
      TOTE_CARE,
    stock: { A: 18, B: 9 },
    reviews: [],
  }),
  toteAB({
    slug: 'dune-stripe-tote',
    name: 'Dune Stripe Tote',
    category: 'totes',
    priceCents: 2450,
    detail: false,
    description:
      '<p>Wide stripes and a matching handle: sand and terracotta (A) or cream and navy (B).<br>The beach bag that also goes to work.</p>' +
      '<ul><li>38 x 36 x 10 cm</li><li>100% cotton canvas</li></ul>' +
      TOTE_CARE,
    stock: { A: 30, B: 22 },
    reviews: [],
  }),
  {
    slug: 'everyday-canvas-tote',
    name: 'Everyday Canvas Tote',
    category: 'totes',
    priceCents: 1850,
    description:
      '<p>The simple one: natural canvas, a small <strong>SADU SANDS</strong> print and an inner pocket for keys and phone.</p>\\n\\n<ul><li>36 x 40 cm</li><li>10 oz organic cotton canvas</li><li>Reinforced box-stitched handles</li></ul>' +
      TOTE_CARE,
    hasSize: false,
    hasAandB: false,
    image: img('everyday-canvas-tote'),
    images: [img('everyday-canvas-tote'), img('everyday-canvas-tote-back')],
    imagesOptionA: [],
    imagesOptionB: [],
    stock: { total: 2 },
    reviews: [
      {
        name: 'Ben Carter',
        email: 'ben.carter@example.com',
        rating: 3,
        comment: 'Does the job. Thinner than I expected for the price.',
        daysAgo: 22,
      },
      {
        name: 'Priya Nair',
        email: 'priya.nair@example.com',
        rating: 2,
        comment: 'The print started fading after a few washes. Pocket is handy though.',
        daysAgo: 160,
      },
    ],
  },
  {
    slug: 'mini-canvas-tote',
    name: 'Mini Canvas Tote',
    category: 'totes',
    priceCents: 1200,
    description:
      '<p>A little tote for lunch, a book or a water bottle, with black handles.</p>\n<ul>\n<li>26 x 28 cm</li>\n<li>Cotton canvas</li>\n</ul>\n' +
      TOTE_CARE,
    hasSize: false,
    hasAandB: false,
    image: img('mini-canvas-tote'),
    images: [img('mini-canvas-tote')],
    imagesOptionA: [],
    imagesOptionB: [],
    stock: { total: 0 },
    reviews: [],
  },
  toteAB({
    slug: 'oasis-pocket-tote',
    name: 'Oasis Pocket Tote',
    category: 'totes',
    priceCents: 2899,
    detail: false,
    description:
      '<p>Garment-dyed canvas with a big front pocket and dark leather-look handles. Olive (A) or rust (B).</p>' +
      '<ul><li>40 x 38 x 10 cm</li><li>Front patch pocket, magnetic snap</li><li>Garment-dyed, so each bag is slightly different</li></ul>' +
      TOTE_CARE,
    stock: { A: 14, B: 7 },
    reviews: [],
  }),

  // ---------------------------------------------------------------- Flower tote collection
  toteAB({
    slug: 'desert-rose-tote',
    name: 'Desert Rose Flower Tote',
    category: 'flower_totes',
    priceCents: 2999,
    detail: true,
    description:
      '<p>Rose-pink blossoms and sage leaves scattered over cream (A) or black (B) canvas.</p>' +
      '<ul><li>38 x 40 x 10 cm; 58 cm handles</li><li>Printed cotton canvas, lined</li><li>Inner zip pocket</li></ul>' +
      TOTE_CARE,
    stock: { A: 26, B: 11 },
    reviews: [
      {
        name: 'Emily Foster',
        email: 'emily.foster@example.com',
        rating: 4,
        comment: 'Such a pretty print, I get compliments every time.',
        daysAgo: 5,
      },
      {
        name: 'Rania Khalil',
        email: 'rania.khalil@example.com',
        rating: 3,
        comment: 'Pretty, but smaller than I pictured. Check the dimensions.',
        daysAgo: 73,
      },
      {
        name: 'Chloe Martin',
        email: 'chloe.martin@example.com',
        rating: 4,
        comment: 'The black one is my gym bag now. Holds up well.',
        daysAgo: 119,
      },
    ],
  }),
  toteAB({
    slug: 'jasmine-garden-tote',
    name: 'Jasmine Garden Tote',
    category: 'flower_totes',
    priceCents: 2750,
    detail: false,
    description:
      '<p>White jasmine flowers on sage green (A) or night navy (B). Soft, light and easy to fold into a suitcase.</p>' +
      '<ul><li>38 x 38 cm</li><li>Printed cotton twill</li></ul>' +
      TOTE_CARE,
    stock: { A: 3, B: 19 },
    reviews: [],
  }),
  toteAB({
    slug: 'wildflower-meadow-tote',
    name: 'Wildflower Meadow Tote',
    category: 'flower_totes',
    priceCents: 3450,
    detail: true,
    description:
      '<p>A whole meadow on one bag: poppy-orange and cornflower-blue blooms on natural canvas (A), or white and coral on sunshine yellow (B).</p>\\n<p><em>Our best seller of the spring.</em></p>' +
      '<ul><li>40 x 40 x 12 cm; 60 cm handles</li><li>Printed heavy canvas, cotton lining</li><li>Inner slip pocket and key loop</li></ul>' +
      TOTE_CARE,
    stock: { A: 40, B: 0 },
    reviews: [
      {
        name: 'Lucy Bennett',
        email: 'lucy.bennett@example.com',
        rating: 5,
        comment: 'Bright, cheerful and really sturdy.',
        daysAgo: 3,
      },
      {
        name: 'Fatima Yousef',
        email: 'fatima.yousef@example.com',
        rating: 4,
        comment: 'Love it. The handles could be a touch longer for winter coats.',
        daysAgo: 18,
      },
      {
        name: 'Jessica Park',
        email: 'jessica.park@example.com',
        rating: 4,
        comment: 'Good size for groceries, and it looks great.',
        daysAgo: 46,
      },
      {
        name: 'Mariam Aziz',
        email: 'mariam.aziz@example.com',
        rating: 5,
        comment: 'Bought two, one as a gift. Both lovely.',
        daysAgo: 77,
      },
      {
        name: 'Tom Walsh',
        email: 'tom.walsh@example.com',
        rating: 3,
        comment: 'My wife likes it; the yellow was sold out so we got the natural one.',
        daysAgo: 101,
      },
      {
        name: 'Hana Suzuki',
        email: 'hana.suzuki@example.com',
        rating: 5,
        comment: 'The print is crisp and has not faded at all.',
        daysAgo: 188,
      },
    ],
  }),
  toteAB({
    slug: 'poppy-field-tote',
    name: 'Poppy Field Tote',
    category: 'flower_totes',
    priceCents: 2999,
    detail: false,
    description:
      '<p>Red poppies on cream (A) or on sky blue (B), with a contrasting handle.</p>' +
      '<ul><li>38 x 40 x 10 cm</li><li>Printed cotton canvas</li></ul>' +
      TOTE_CARE,
    stock: { A: 0, B: 0 },
    reviews: [],
  }),
  toteAB({
    slug: 'lavender-bloom-tote',
    name: 'Lavender Bloom Tote',
    category: 'flower_totes',
    priceCents: 2599,
    detail: false,
    description:
      '<p>Violet blooms on lilac (A) or on soft white (B). Calm colours for everyday errands.</p>' +
      '<ul><li>38 x 38 cm</li><li>Printed cotton canvas</li><li>Flat bottom, stands on its own</li></ul>' +
      TOTE_CARE,
    stock: { A: 21, B: 13 },
    reviews: [],
  }),

  // ---------------------------------------------------------------- Hoodies
  sized({
    slug: 'sadu-sands-logo-hoodie',
    name: 'Sadu Sands Logo Hoodie',
    category: 'hoodies',
    priceCents: 6499,
    back: true,
    description:
      '<p>Our everyday hoodie in desert sand, with the <strong>SADU SANDS</strong> wordmark on the chest and a little Chicago on the back.</p>' +
      '<ul><li>80% cotton, 20% recycled polyester brushed fleece, 320 g/m²</li><li>Relaxed unisex fit; size down for a closer fit</li><li>Kangaroo pocket, lined hood, ribbed cuffs</li></ul>' +
      HOODIE_CARE,
    stock: { 'S/M': 0, L: 14, XL: 9 },
    reviews: [
      {
        name: 'Jordan Lee',
        email: 'jordan.lee@example.com',
        rating: 5,
        comment: 'Thick, warm and the colour is perfect. I live in it.',
        daysAgo: 15,
      },
      {
        name: 'Yusuf Demir',
        email: 'yusuf.demir@example.com',
        rating: 4,
        comment: 'Runs a bit big. Great quality though.',
        daysAgo: 52,
      },
      {
        name: 'Olivia Grant',
        email: 'olivia.grant@example.com',
        rating: 5,
        comment: 'Softest hoodie I own.',
        daysAgo: 130,
      },
    ],
  }),
  sized({
    slug: 'dune-wash-hoodie',
    name: 'Dune Wash Hoodie',
    category: 'hoodies',
    priceCents: 5899,
    back: false,
    description:
      '<p>Garment-dyed terracotta fleece with a small woven Sadu band sewn across the chest.</p>\n<p>Every piece is washed twice for a soft, broken-in feel.</p>' +
      '<ul><li>100% cotton fleece, 300 g/m²</li><li>Regular unisex fit</li><li>Woven Sadu patch, kangaroo pocket</li></ul>' +
      HOODIE_CARE,
    stock: { 'S/M': 11, L: 17, XL: 6 },
    reviews: [],
  }),
  sized({
    slug: 'self-love-club-hoodie',
    name: 'Self Love Club Hoodie',
    category: 'hoodies',
    priceCents: 6200,
    back: true,
    description:
      '<p><strong>Self Love Club</strong> on the front, <em>Member since today</em> on the back. Blush pink fleece with a wine-red print.</p>' +
      '<ul><li>80% cotton, 20% polyester fleece</li><li>Relaxed fit, dropped shoulders</li><li>Water-based print</li></ul>' +
      HOODIE_CARE,
    stock: { 'S/M': 1, L: 3, XL: 5 },
    reviews: [
      {
        name: 'Zoe Adams',
        email: 'zoe.adams@example.com',
        rating: 4,
        comment: 'So cosy. The pink is a little lighter than in the picture.',
        daysAgo: 27,
      },
    ],
  }),
  sized({
    slug: 'desert-night-hoodie',
    name: 'Desert Night Hoodie',
    category: 'hoodies',
    priceCents: 7200,
    back: false,
    description:
      '<p>Midnight navy fleece printed with a scatter of gold stars and <strong>DESERT NIGHT</strong> across the chest.</p>' +
      '<ul><li>Heavyweight cotton-blend fleece, 340 g/m²</li><li>Oversized fit</li><li>Metallic gold water-based print</li></ul>' +
      HOODIE_CARE,
    stock: { 'S/M': 0, L: 0, XL: 0 },
    reviews: [],
  }),

  // ---------------------------------------------------------------- Self-love T-shirts, women
  sized({
    slug: 'love-yourself-first-tee',
    name: 'Love Yourself First Tee',
    category: 'selflove_women_tshirts',
    priceCents: 2999,
    back: true,
    description:
      '<p>A soft blush tee with a simple reminder: <strong>love yourself first</strong>. <em>Self Love Club</em> on the back.</p>' +
      '<ul><li>100% combed ring-spun cotton, 180 g/m²</li><li>Women’s relaxed fit, slightly cropped</li><li>Water-based print</li></ul>' +
      TEE_CARE,
    stock: { 'S/M': 32, L: 20, XL: 8 },
    reviews: [
      {
        name: 'Sara Lopez',
        email: 'sara.lopez@example.com',
        rating: 5,
        comment: 'Wore it on a tough day and it genuinely helped. Fits great.',
        daysAgo: 7,
      },
      {
        name: 'Amira Nasser',
        email: 'amira.nasser@example.com',
        rating: 5,
        comment: 'Super soft and the print feels smooth.',
        daysAgo: 30,
      },
      {
        name: 'Kate Wilson',
        email: 'kate.wilson@example.com',
        rating: 4,
        comment: 'Lovely, just a little shorter than I expected.',
        daysAgo: 66,
      },
      {
        name: 'Nina Petrova',
        email: 'nina.petrova@example.com',
        rating: 3,
        comment: 'Nice message; shrank slightly in the dryer.',
        daysAgo: 150,
      },
    ],
  }),
  sized({
    slug: 'bloom-where-you-are-tee',
    name: 'Bloom Where You Are Tee',
    category: 'selflove_women_tshirts',
    priceCents: 3150,
    back: false,
    description:
      '<p>Sage green with a little white flower: <strong>bloom where you are</strong>, right now, as you are.</p>' +
      '<ul><li>100% organic cotton, 170 g/m²</li><li>Women’s regular fit</li></ul>' +
      TEE_CARE,
    stock: { 'S/M': 15, L: 12, XL: 10 },
    reviews: [],
  }),
  sized({
    slug: 'you-are-enough-tee',
    name: 'You Are Enough Tee',
    category: 'selflove_women_tshirts',
    priceCents: 2899,
    back: true,
    description:
      '<p>Crisp white tee, bold black letters: <strong>YOU ARE ENOUGH</strong>.<br><em>Always have been</em> on the back.</p>' +
      '<ul><li>100% combed cotton, 180 g/m²</li><li>Women’s relaxed fit</li></ul>' +
      TEE_CARE,
    stock: { 'S/M': 25, L: 9, XL: 2 },
    reviews: [],
  }),
  sized({
    slug: 'be-gentle-with-yourself-tee',
    name: 'Be Gentle With Yourself Tee',
    category: 'selflove_women_tshirts',
    priceCents: 3099,
    back: false,
    description:
      '<p>Soft lilac with a deep violet print. A gentle nudge to treat yourself the way you treat your friends.</p>\\n<ul><li>Cotton-modal blend, extra soft</li><li>Women’s relaxed fit</li></ul>' +
      TEE_CARE,
    stock: { 'S/M': 18, L: 0, XL: 7 },
    reviews: [],
  }),
  sized({
    slug: 'self-love-is-the-best-love-tee',
    name: 'Self Love Is The Best Love Tee',
    category: 'selflove_women_tshirts',
    priceCents: 3299,
    back: false,
    description:
      '<p>Sand-coloured tee with a wine-red print and a small heart. <strong>Self love is the best love.</strong></p>' +
      '<ul><li>100% cotton, 180 g/m²</li><li>Women’s boxy fit</li></ul>' +
      TEE_CARE,
    stock: { 'S/M': 0, L: 0, XL: 0 },
    reviews: [],
  }),

  // ---------------------------------------------------------------- Self-love T-shirts, men
  sized({
    slug: 'strong-and-kind-tee',
    name: 'Strong & Kind Tee',
    category: 'selflove_men_tshirts',
    priceCents: 3199,
    back: true,
    description:
      '<p>Navy tee, cream print: <strong>STRONG &amp; KIND</strong> on the front, <em>Both. Always.</em> on the back.</p>' +
      '<ul><li>100% combed cotton, 200 g/m²</li><li>Men’s regular fit</li><li>Taped neck and shoulders</li></ul>' +
      TEE_CARE,
    stock: { 'S/M': 20, L: 16, XL: 0 },
    reviews: [
      {
        name: 'Marcus Johnson',
        email: 'marcus.johnson@example.com',
        rating: 5,
        comment: 'Great fit, great message. Ordering another colour if you make one.',
        daysAgo: 20,
      },
    ],
  }),
  sized({
    slug: 'enough-as-i-am-tee',
    name: 'Enough As I Am Tee',
    category: 'selflove_men_tshirts',
    priceCents: 2999,
    back: false,
    description:
      '<p>A black tee with a quiet, confident statement and a single saffron line.</p>\n<ul><li>100% cotton, 190 g/m²</li><li>Men’s regular fit</li></ul>\n' +
      TEE_CARE,
    stock: { 'S/M': 28, L: 35, XL: 14 },
    reviews: [
      {
        name: 'Ahmed Farouk',
        email: 'ahmed.farouk@example.com',
        rating: 4,
        comment: 'Good weight, holds its shape after washing.',
        daysAgo: 11,
      },
      {
        name: 'Chris Nguyen',
        email: 'chris.nguyen@example.com',
        rating: 4,
        comment: 'Simple and solid. True to size.',
        daysAgo: 95,
      },
      {
        name: 'Liam O’Brien',
        email: 'liam.obrien@example.com',
        rating: 4,
        comment: 'My brother liked it so much I got him one too.',
        daysAgo: 174,
      },
    ],
  }),
  sized({
    slug: 'self-respect-is-self-love-tee',
    name: 'Self Respect Is Self Love Tee',
    category: 'selflove_men_tshirts',
    priceCents: 3050,
    back: false,
    description:
      '<p>Olive tee with a cream print. <strong>Self respect is self love</strong>: set the bar, keep it there.</p>' +
      '<ul><li>100% organic cotton, 190 g/m²</li><li>Men’s relaxed fit</li></ul>' +
      TEE_CARE,
    stock: { 'S/M': 12, L: 22, XL: 18 },
    reviews: [],
  }),
  sized({
    slug: 'own-your-story-tee',
    name: 'Own Your Story Tee',
    category: 'selflove_men_tshirts',
    priceCents: 2850,
    back: true,
    description:
      '<p>Heather grey with big black letters: <strong>OWN YOUR STORY</strong>. <em>Chapter by chapter</em> on the back.</p>' +
      '<ul><li>90% cotton, 10% viscose, 180 g/m²</li><li>Men’s regular fit</li></ul>' +
      TEE_CARE,
    stock: { 'S/M': 3, L: 10, XL: 60 },
    reviews: [],
  }),
  sized({
    slug: 'grow-through-it-tee',
    name: 'Grow Through It Tee',
    category: 'selflove_men_tshirts',
    priceCents: 3499,
    back: false,
    description:
      '<p>Terracotta tee with a small sprout under the words <strong>GROW THROUGH IT</strong>.</p>' +
      '<ul><li>100% cotton, garment-dyed, 210 g/m²</li><li>Men’s relaxed fit</li></ul>' +
      TEE_CARE,
    stock: { 'S/M': 9, L: 14, XL: 5 },
    reviews: [],
  }),
];
