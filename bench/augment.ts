/**
 * The changes a deck screenshot goes through between the game and our server, as augmentation
 * classes: each turns a base image (the real share screenshot or a generated one) into what a
 * player might upload. Every random choice comes from the seed, so a run can be repeated.
 */
import sharp from 'sharp';
import { keyLetters, type CatalogCard } from '../src/server/ocr/catalog/catalog-index';
import { seededRandom } from '../src/common/seeded-random';
import { photographScreen } from '../test/support/photo-of-screen';
import {
  generateScreenshot,
  OTHER_NAME_FACES,
  RESTYLED_LAYOUTS,
  SHARE_GEOMETRY,
  type GeneratedLayout,
  type RestyledLayout,
  type ScreenshotGeometry,
} from '../src/server/demo/share-screenshot';

type Random = () => number;
const between = (random: Random, low: number, high: number): number => low + random() * (high - low);
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

export interface Truth {
  deck_code: string | null;
  cards: Array<{ code: string; name: string }>;
}

/** An image as the game made it: lossless where we generated it, the player's JPEG for the real one. */
export interface BaseImage {
  image: Buffer;
  truth: Truth;
  geometry: ScreenshotGeometry;
  /** A player's JPEG already (the real one): sent as it is, not encoded again. */
  asUploaded: boolean;
}

export interface Sample {
  image: Buffer;
  truth: Truth;
  /** What was done, for --verbose. */
  detail: string;
}

export interface AugmentClass {
  name: string;
  /**
   * Generated images of this layout instead of the share layout, and no real image; of a list, each
   * base image of a seed in the layout its seed falls on (seed modulo the list's length).
   */
  layout?: GeneratedLayout | readonly GeneratedLayout[];
  /** Generated images without stat panels. */
  noStatPanels?: boolean;
  /** Generated decks drawn from these of the catalog's cards (both bases generated), not from all of them. */
  deckFrom?: (catalog: CatalogCard[]) => CatalogCard[];
  /** Generated images whose header is printed in this font, and no real image. */
  headerFont?: string;
  /** Faces the class draws in besides the header's, which fontconfig must have (see `headerFont`). */
  faces?: readonly string[];
  apply(base: BaseImage, random: Random): Promise<Sample>;
}

const jpeg = (image: ReturnType<typeof sharp>, quality: number): Promise<Buffer> => image.jpeg({ quality }).toBuffer();
const same = (base: BaseImage, image: Buffer, detail: string): Sample => ({ image, truth: base.truth, detail });

/** A phone's copy that is small, turned and tinted, and half the time blurred, all at once. */
async function smallTurnedTinted(base: BaseImage, random: Random): Promise<Sample> {
  const width = Math.round(between(random, 480, 1200));
  const angle = (random() < 0.5 ? -1 : 1) * between(random, 0.3, 3);
  const factor = [between(random, 0.85, 1.05), between(random, 0.8, 1.0), between(random, 0.55, 1.05)];
  const quality = Math.round(between(random, 45, 85));
  const sigma = random() < 0.5 ? between(random, 0.3, 0.9) : 0;
  const background = pick(random, ['#000000', '#ffffff', base.geometry.page, '#303030']);
  const turned = sharp(base.image).resize({ width }).linear(factor, [0, 0, 0]).rotate(angle, { background });
  const image = await jpeg(sharp(await (sigma > 0 ? turned.blur(sigma) : turned).png().toBuffer()), quality);
  return same(
    base,
    image,
    `${width} px ${angle.toFixed(2)}° x${factor.map((f) => f.toFixed(2)).join('/')} blur ${sigma.toFixed(2)} q${quality}`,
  );
}

/** The image on a screen, photographed at an angle (perspective, glare, sensor noise, blur, JPEG). */
async function photographed(base: BaseImage, random: Random): Promise<Sample> {
  const photo = await photographScreen(base.image, random);
  return same(base, photo.image, photo.detail);
}

/** Generated images of a restyled layout, sent as the game sends them (JPEG). */
function restyled(name: string, layout: RestyledLayout, faces?: readonly string[]): AugmentClass {
  return {
    name,
    layout,
    faces,
    apply: async (base, random) => {
      const quality = Math.round(between(random, 60, 90));
      return same(base, await jpeg(sharp(base.image), quality), `${layout} q${quality}`);
    },
  };
}

/** A phone screenshot of the image shown in a photo viewer: black around it, a status bar, rounded corners. */
async function phoneFrame(base: BaseImage, random: Random): Promise<Sample> {
  const { width, height } = base.geometry;
  const screenW = Math.round(width * between(random, 1.0, 1.25));
  const screenH = Math.max(Math.round(screenW * between(random, 2.0, 2.3)), height + 120);
  const shown = Math.min(screenW, Math.round(((screenH - 160) * width) / height));
  const image = await sharp(base.image).resize({ width: shown }).toBuffer({ resolveWithObject: true });
  const left = Math.round((screenW - image.info.width) / 2);
  const top = Math.round((screenH - image.info.height) / 2);
  const barH = Math.round(screenW * 0.06);
  const barColour = pick(random, ['#000000', '#1f1f1f', '#f2f2f2']);
  const ink = barColour === '#f2f2f2' ? '#111' : '#fff';
  const radius = Math.round(screenW * 0.06);
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${screenW}" height="${screenH}">
<rect width="${screenW}" height="${barH}" fill="${barColour}"/>
<text x="${screenW * 0.06}" y="${barH * 0.72}" font-family="DejaVu Sans" font-size="${barH * 0.55}" fill="${ink}">${10 + Math.floor(random() * 13)}:${10 + Math.floor(random() * 49)}</text>
<rect x="${screenW * 0.86}" y="${barH * 0.3}" width="${screenW * 0.07}" height="${barH * 0.4}" rx="3" fill="${ink}"/>
<path d="M0 0 H${radius} A${radius} ${radius} 0 0 0 0 ${radius} Z M${screenW} 0 V${radius} A${radius} ${radius} 0 0 0 ${screenW - radius} 0 Z M0 ${screenH} V${screenH - radius} A${radius} ${radius} 0 0 0 ${radius} ${screenH} Z M${screenW} ${screenH} H${screenW - radius} A${radius} ${radius} 0 0 0 ${screenW} ${screenH - radius} Z" fill="#fff"/>
</svg>`;
  const framed = sharp({ create: { width: screenW, height: screenH, channels: 3, background: '#000' } }).composite([
    { input: image.data, left, top },
    { input: Buffer.from(overlay), left: 0, top: 0 },
  ]);
  return same(base, await jpeg(sharp(await framed.png().toBuffer()), 88), `phone ${screenW}x${screenH}`);
}

/** The same tiles in another order: cut out and put back shuffled. */
async function reorder(base: BaseImage, random: Random): Promise<Sample> {
  const order = base.geometry.tiles.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const tiles = base.geometry.tiles;
  const pieces = await Promise.all(order.map((from) => sharp(base.image).extract(tiles[from]).toBuffer()));
  const image = await sharp(base.image)
    .composite(pieces.map((input, to) => ({ input, left: tiles[to].left, top: tiles[to].top })))
    .jpeg({ quality: 90 })
    .toBuffer();
  return {
    image,
    truth: { deck_code: base.truth.deck_code, cards: order.map((from) => base.truth.cards[from]) },
    detail: 'reordered',
  };
}

/** Colour changes: `linear` multiplies each channel; night-shift modes are warm. */
function tint(name: string, low: number[], high: number[]): AugmentClass {
  return {
    name,
    async apply(base, random) {
      const factor = low.map((l, i) => between(random, l, high[i]));
      return same(
        base,
        await jpeg(sharp(base.image).linear(factor, [0, 0, 0]), 88),
        `x${factor.map((f) => f.toFixed(2)).join('/')}`,
      );
    },
  };
}

export const AUGMENT_CLASSES: AugmentClass[] = [
  {
    name: 'as sent',
    async apply(base, random) {
      if (base.asUploaded) return same(base, base.image, 'unchanged');
      const quality = Math.round(between(random, 50, 90));
      return same(base, await jpeg(sharp(base.image), quality), `q${quality}`);
    },
  },
  {
    name: 'scale 400-2000 px',
    async apply(base, random) {
      const width = Math.round(between(random, 400, 2000));
      return same(base, await jpeg(sharp(base.image).resize({ width }), 85), `${width} px`);
    },
  },
  {
    name: 'JPEG q40-55',
    async apply(base, random) {
      const quality = Math.round(between(random, 40, 55));
      const width = Math.round(between(random, 540, 900));
      return same(base, await jpeg(sharp(base.image).resize({ width }), quality), `${width} px q${quality}`);
    },
  },
  {
    name: 'WebP',
    async apply(base, random) {
      const width = Math.round(between(random, 600, 1200));
      const quality = Math.round(between(random, 55, 90));
      return same(
        base,
        await sharp(base.image).resize({ width }).webp({ quality }).toBuffer(),
        `${width} px webp q${quality}`,
      );
    },
  },
  {
    name: 'PNG',
    async apply(base, random) {
      const width = Math.round(between(random, 720, 1400));
      return same(base, await sharp(base.image).resize({ width }).png().toBuffer(), `${width} px png`);
    },
  },
  { name: 'phone framing', apply: phoneFrame },
  {
    name: 'crop: no header',
    async apply(base, random) {
      const { width, height, gridTop, tiles } = base.geometry;
      const gutter = tiles[4].top - tiles[0].top - tiles[0].height;
      const top = Math.max(0, Math.round(gridTop - between(random, 0, gutter)));
      const image = await jpeg(sharp(base.image).extract({ left: 0, top, width, height: height - top }), 88);
      return { image, truth: { deck_code: null, cards: base.truth.cards }, detail: `from y=${top}` };
    },
  },
  {
    name: 'crop: no stat panels',
    async apply(base, random) {
      // The stat panels beside the last row are painted over with the page (generated images
      // have none), and the image ends just under the last row.
      const { width, height, tiles, page } = base.geometry;
      const last = tiles[tiles.length - 1];
      const bottom = Math.min(height, Math.round(last.top + last.height + between(random, 2, 30)));
      const left = last.left + last.width + 2;
      const cover = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width - left}" height="${height - last.top + 2}"><rect width="100%" height="100%" fill="${page}"/></svg>`,
      );
      const painted = await sharp(base.image)
        .composite([{ input: cover, left, top: last.top - 2 }])
        .png()
        .toBuffer();
      return same(
        base,
        await jpeg(sharp(painted).extract({ left: 0, top: 0, width, height: bottom }), 88),
        `to y=${bottom}`,
      );
    },
    noStatPanels: true,
  },
  tint('warm (night shift)', [1.0, 0.84, 0.55], [1.08, 0.95, 0.75]),
  tint('cool', [0.75, 0.9, 1.02], [0.9, 1.0, 1.12]),
  tint('dimmed 0.8-0.9', [0.8, 0.8, 0.8], [0.9, 0.9, 0.9]),
  {
    name: 'desaturated',
    async apply(base, random) {
      const saturation = between(random, 0, 0.4);
      return same(
        base,
        await jpeg(sharp(base.image).modulate({ saturation }), 88),
        `saturation ${saturation.toFixed(2)}`,
      );
    },
  },
  {
    name: 'warm + dim 0.85 + blur 0.7',
    async apply(base, random) {
      const blue = between(random, 0.55, 0.7);
      return same(
        base,
        await jpeg(
          sharp(base.image)
            .linear([1.02 * 0.85, 0.9 * 0.85, blue * 0.85], [0, 0, 0])
            .blur(0.7),
          85,
        ),
        `blue x${blue.toFixed(2)}`,
      );
    },
  },
  {
    name: 'blur 0.3-1 px',
    async apply(base, random) {
      const sigma = between(random, 0.3, 1);
      return same(base, await jpeg(sharp(base.image).blur(sigma), 88), `sigma ${sigma.toFixed(2)}`);
    },
  },
  {
    name: 'rotation ±3°',
    async apply(base, random) {
      const angle = (random() < 0.5 ? -1 : 1) * between(random, 0.4, 3);
      const background = pick(random, [base.geometry.page, '#000000', '#ffffff', '#808080']);
      return same(
        base,
        await jpeg(sharp(base.image).rotate(angle, { background }), 88),
        `${angle.toFixed(2)}° on ${background}`,
      );
    },
  },
  { name: 'other tile order', apply: reorder },
  {
    name: 'layout: other header',
    layout: 'header',
    apply: async (base) => same(base, await jpeg(sharp(base.image), 85), 'header'),
  },
  {
    name: 'layout: other background',
    layout: 'background',
    apply: async (base) => same(base, await jpeg(sharp(base.image), 85), 'background'),
  },
  {
    name: 'layout: other gutters',
    layout: 'gutters',
    apply: async (base) => same(base, await jpeg(sharp(base.image), 85), 'gutters'),
  },
  {
    // Beyond the list, where each class makes one change: a phone's copy that is small,
    // turned and tinted, and half the time blurred, all at once. Last, so the classes before it
    // keep their random streams (`augmentRandom` takes the class's place in this list).
    name: 'all at once: small, turned, tinted',
    apply: smallTurnedTinted,
  },
  // A game update's restyled tiles (same grid and header, each class one change inside the tile),
  // sent as the game sends them. After the classes above, which keep their random streams.
  ...(
    [
      ['restyled: name band high', 'restyled-band-high'],
      ['restyled: name band low', 'restyled-band-low'],
      ['restyled: code above name', 'restyled-code-above'],
      ['restyled: art square', 'restyled-art-square'],
      ['restyled: art wide', 'restyled-art-wide'],
      ['restyled: bright bodies', 'restyled-bright'],
    ] as const
  ).map(([name, layout]) => restyled(name, layout)),
  {
    // Last, so the classes before it keep their random streams.
    name: 'photo of a screen',
    apply: photographed,
  },
  {
    // A game update that prints the header in another face: one the code classifier never learnt
    // (its set is cut from DejaVu Sans and Liberation Sans), narrower, so an O is as narrow as the
    // set's zeros. Liberation Sans Narrow comes with Debian's fonts-liberation (Chromium pulls it
    // in); where it is missing, fontconfig would draw DejaVu Sans instead, so the bench leaves the
    // class out and says so. After the photos, which keep their random streams.
    name: 'header: narrow face',
    headerFont: 'Liberation Sans Narrow',
    apply: async (base, random) => {
      const quality = Math.round(between(random, 60, 90));
      return same(base, await jpeg(sharp(base.image), quality), `Liberation Sans Narrow q${quality}`);
    },
  },
  {
    // A second face the set never learnt, the other way: Open Sans Bold (Debian's fonts-open-sans),
    // a humanist sans wider than DejaVu Sans in its rounds, whose 1 has a long flag and whose I and
    // J are drawn apart from the set's. Last, so the classes before it keep their random streams.
    name: 'header: other face',
    headerFont: 'Open Sans',
    apply: async (base, random) => {
      const quality = Math.round(between(random, 60, 90));
      return same(base, await jpeg(sharp(base.image), quality), `Open Sans q${quality}`);
    },
  },
  // Names in another face (a serif or a narrow sans), in capitals or as the card list spells them.
  // Last, so the classes before it keep their random streams.
  restyled('restyled: other name face', 'restyled-name-face', OTHER_NAME_FACES),
  // A game update changes the tiles, not how players send them: restyled images photographed on a
  // screen, and sent small and turned. Each base is in one of the restyles, taken in turn by seed.
  // Last, so the classes before them keep their random streams.
  { name: 'restyled + photo of a screen', layout: RESTYLED_LAYOUTS, faces: OTHER_NAME_FACES, apply: photographed },
  {
    name: 'restyled + small, turned, tinted',
    layout: RESTYLED_LAYOUTS,
    faces: OTHER_NAME_FACES,
    apply: smallTurnedTinted,
  },
  {
    // Decks of the catalog's shortest names (Io, Ra, Pi, K2, the card "i"...; one deck in seven
    // holds one): a name of two letters is two glyphs the rarity badge and art strokes can pass
    // for, and chance spells it often. Drawn from all the others, a deck seldom holds one. In the
    // share layout and each restyle by seed, in the game's face and the others, sent as JPEG.
    // Last, so the classes before it keep their random streams.
    name: 'short names',
    layout: ['share', ...RESTYLED_LAYOUTS],
    faces: OTHER_NAME_FACES,
    deckFrom: shortNamesAndOthers,
    apply: async (base, random) => {
      const quality = Math.round(between(random, 60, 90));
      return same(base, await jpeg(sharp(base.image), quality), `q${quality}`);
    },
  },
];

/** Letters a name may have to be one of the shortest (`short names`): Io, Ra, Ivy, DNA, K2, N1... */
const SHORT_NAME_LETTERS = 3;
/** One card in this many of the rest, so a deck is not of short names alone. */
const OTHERS_EVERY = 97;

/** The cards of the catalog's shortest names, and every OTHERS_EVERY-th of the others. */
function shortNamesAndOthers(catalog: CatalogCard[]): CatalogCard[] {
  return catalog.filter((card, i) => keyLetters(card.name) <= SHORT_NAME_LETTERS || i % OTHERS_EVERY === 0);
}

/**
 * The real screenshot as a base image. It has the share layout at 800 px: its tiles sit where the
 * generator puts them, and its page colour is read beside the last row.
 */
export async function realBaseImage(image: Buffer, truth: Truth): Promise<BaseImage> {
  const g = SHARE_GEOMETRY;
  const { width } = await sharp(image).metadata();
  if (width !== g.width) throw new Error(`the real screenshot is ${width} px wide, the share layout ${g.width}`);
  const tiles = truth.cards.map((_, i) => ({
    left: g.columnX[i % 4],
    top: g.gridTop + Math.floor(i / 4) * g.rowPitch,
    width: g.tileWidth,
    height: g.tileHeight,
  }));
  const page = await pageColourBeside(image, g.width - 4, g.gridTop + 4 * g.rowPitch);
  return {
    image,
    truth,
    asUploaded: true,
    geometry: { width: g.width, height: g.height, gridTop: g.gridTop, tiles, page },
  };
}

async function pageColourBeside(image: Buffer, x: number, y: number): Promise<string> {
  const { data } = await sharp(image)
    .extract({ left: x - 2, top: y, width: 4, height: 4 })
    .removeAlpha()
    .resize(1, 1)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return `#${[...data.subarray(0, 3)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** A generated base image of one class: a deck drawn from `catalog` (or the class's choice of it), in the class's layout and header face. */
export async function generatedBase(augment: AugmentClass, seed: number, catalog: CatalogCard[]): Promise<BaseImage> {
  const shot = await generateScreenshot(augment.deckFrom?.(catalog) ?? catalog, {
    seed,
    layout: typeof augment.layout === 'string' ? augment.layout : augment.layout?.[seed % augment.layout.length],
    headerFont: augment.headerFont,
    statPanels: !augment.noStatPanels,
    png: true,
  });
  return {
    image: shot.image,
    truth: { deck_code: shot.truth.deck_code, cards: shot.truth.cards },
    geometry: shot.geometry,
    asUploaded: false,
  };
}

/** Whether a class sends the real screenshot: only the share layout, in the game's header face, of any deck, has one. */
const sendsRealImage = (augment: AugmentClass): boolean => !augment.layout && !augment.headerFont && !augment.deckFrom;

/** The base images of one class and seed: the real screenshot (share layout only) and a generated one. */
export async function baseImages(
  augment: AugmentClass,
  seed: number,
  catalog: CatalogCard[],
  real: BaseImage,
): Promise<BaseImage[]> {
  if (!sendsRealImage(augment))
    return [await generatedBase(augment, seed, catalog), await generatedBase(augment, seed + 500_000, catalog)];
  return [real, await generatedBase(augment, seed, catalog)];
}

/** The random stream of one class, base and seed. */
export function augmentRandom(classIndex: number, baseIndex: number, seed: number): Random {
  return seededRandom(seed * 7919 + classIndex * 104_729 + baseIndex * 13);
}
