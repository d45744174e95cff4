/**
 * Renders synthetic "share deck" screenshots with a known answer: the sample a new install offers
 * in the upload form (sample-screenshot.ts), and the images that measure and test the reader.
 *
 * The layout copies the game's share image (blue page, header with player name, referral code and
 * deck code, a 4-column grid of 18 framed tiles, stat panels in the last row), scaled to any width.
 * What makes reading hard is exaggerated on purpose: busy art with white and blue shapes, names
 * with accents, apostrophes, digits, brackets and hyphens, long names that wrap onto two lines,
 * short names that are part of longer ones, and JPEG compression down to quality 50.
 *
 * Layout variants (`layout`) change what a reader must not depend on: the header's arrangement,
 * the page's colour, and the tiles' size and gutters. Their random choices come from a stream of
 * their own, so the default layout's images stay the same for a given seed.
 *
 * Restyled variants (`restyled-*`) change the inside of a tile the way a game update would, with
 * the same grid and header: the name band higher or lower, the card's code on its own line above
 * the name, art of another proportion, bright tile bodies. Their measures are drawn from ranges in
 * `RESTYLES` below and are this file's own: the reader has no constant in common with them, so
 * the benchmark catches a reader that looks for names at a fixed height of the tile.
 */
import sharp from 'sharp';
import { nameKey, type CatalogCard } from '../ocr/catalog/catalog-index';
import { seededRandom } from '../../common/seeded-random';
import { DECK_SIZE } from '../../common/game';
import { CODE_CHARACTERS, DECK_CODE_LENGTH } from '../ocr/pipeline/code/deck-code';

/**
 * A game update's restyled tile: name band higher or lower, code above the name, square or wide
 * art, bright bodies, names in another face.
 */
export type RestyledLayout =
  | 'restyled-band-high'
  | 'restyled-band-low'
  | 'restyled-code-above'
  | 'restyled-art-square'
  | 'restyled-art-wide'
  | 'restyled-bright'
  | 'restyled-name-face';

/** The share layout, a header arranged differently, another page colour or gradient, other tile sizes and gutters, or restyled tiles. */
export type GeneratedLayout = 'share' | 'header' | 'background' | 'gutters' | RestyledLayout;

/** Where the parts of a generated image are, in its own pixels. */
export interface ScreenshotGeometry {
  width: number;
  height: number;
  /** Top of the first tile row: everything above is header. */
  gridTop: number;
  /** Tiles in deck order. */
  tiles: Array<{ left: number; top: number; width: number; height: number }>;
  /** The page colour at the grid's top, as #rrggbb. */
  page: string;
}

export interface GeneratedScreenshot {
  image: Buffer;
  width: number;
  quality: number;
  truth: { deck_code: string; cards: CatalogCard[] };
  geometry: ScreenshotGeometry;
}

export interface GenerateOptions {
  seed: number;
  /** Image width in px; default random in 600..1200. */
  width?: number;
  /** JPEG quality; default random in 50..90. */
  quality?: number;
  /** Default 'share', the game's own layout. */
  layout?: GeneratedLayout;
  /** The three stat panels beside the last row; default true. */
  statPanels?: boolean;
  /** Lossless PNG instead of JPEG (for images a benchmark changes further). */
  png?: boolean;
  /** The font of the header's texts (the deck code among them); default DejaVu Sans. */
  headerFont?: string;
}

/** The game's share image is 800 px wide; every measure below is for that width. */
const BASE_WIDTH = 800;
const BASE_HEIGHT = 1622;
const TILE_W = 183;
const TILE_H = 255;
const COLUMN_X = [18, 211, 405, 599];
const GRID_TOP = 292;
const ROW_PITCH = 265;

/** Tile positions and page of one layout, at the 800 px base width. */
interface Layout {
  height: number;
  tileW: number;
  tileH: number;
  columnX: number[];
  gridTop: number;
  rowPitch: number;
  /** SVG fill of the page and the colour at the grid's top. */
  pageDefs: string;
  pageTop: string;
  headerKind: 'share' | 'left' | 'banner' | 'plain';
  tileStyle: TileStyle;
}

/**
 * Where the parts of a tile are, as fractions of its height from its top, and how they look.
 * The share style is the game's tile today; restyles move and recolour its parts.
 */
interface TileStyle {
  /** Bottom of the art. */
  artBottom: number;
  /** Band's top edge at the sides and its lowest point in the middle (a curve). */
  bandTop: number;
  bandDip: number;
  /** Centre of the rarity badge, and baseline of the "LIMITED CARD" label. */
  badgeY: number;
  limitedY: number;
  /** Centre of the name's last line. */
  nameCentre: number;
  /** Top and height of the ability box, and its text baselines (title, then one or two lines: a low box has room for one). */
  boxTop: number;
  boxHeight: number;
  abilityY: number[];
  /** The card's code on its own centred line above the name, instead of small at the right. */
  codeAbove: boolean;
  bandColours: readonly string[];
  /** Name fill and outline. */
  nameFill: string;
  nameStroke: string;
  /** The faces a name is drawn in (one per tile, at random), and whether in capitals or as the card list spells it. */
  nameFaces: readonly string[];
  nameCase: 'capitals' | 'as listed';
}

const BAND_COLOURS = ['#5a1240', '#0d3b2e', '#3a2608', '#10203f', '#4a0f5c', '#1d3a4a'];
/** Light bodies a restyle could bring, with dark names on them. */
const BRIGHT_BAND_COLOURS = ['#f3ead8', '#e6f1fb', '#fbe3ef', '#e4f6e0', '#fff6c9', '#ececec'];

/** The faces of the game's names as the generator draws them, one per tile. */
const NAME_FACES = ['DejaVu Sans', 'Liberation Sans'];
/**
 * The faces of the restyle that draws names in another face: two serifs and a narrow sans, none of
 * which any name the reader was tuned on was drawn in. They come with Debian's fonts-dejavu-core and
 * fonts-liberation, which CI installs.
 */
export const OTHER_NAME_FACES = ['DejaVu Serif', 'Liberation Serif', 'Liberation Sans Narrow'];

const SHARE_TILE: TileStyle = {
  artBottom: 0.66,
  bandTop: 0.6,
  bandDip: 0.66,
  badgeY: 0.615,
  limitedY: 0.57,
  nameCentre: 0.778,
  boxTop: 0.835,
  boxHeight: 0.15,
  abilityY: [0.868, 0.915, 0.955],
  codeAbove: false,
  bandColours: BAND_COLOURS,
  nameFill: '#fff',
  nameStroke: '#000',
  nameFaces: NAME_FACES,
  nameCase: 'capitals',
};

/**
 * A tile whose art ends at `artBottom`, name centred `nameGap` under it and ability box
 * `boxGap` under the name, all in tile heights; the rest follows from them.
 */
function restyledTile(artBottom: number, nameGap: number, boxGap: number, extra: Partial<TileStyle> = {}): TileStyle {
  const nameCentre = artBottom + nameGap;
  const boxTop = nameCentre + boxGap;
  const boxHeight = Math.min(0.985 - boxTop, 0.3);
  const line = (k: number): number => boxTop + boxHeight * k;
  return {
    ...SHARE_TILE,
    artBottom,
    bandTop: artBottom - 0.06,
    bandDip: artBottom,
    badgeY: artBottom - 0.045,
    limitedY: artBottom - 0.09,
    nameCentre,
    boxTop,
    boxHeight,
    abilityY: boxHeight < 0.12 ? [line(0.4), line(0.85)] : [line(0.25), line(0.55), line(0.82)],
    ...extra,
  };
}

/** Each restyle's measures, drawn once per image from ranges around a game update's look. */
const RESTYLES: Record<RestyledLayout, (random: Random) => TileStyle> = {
  'restyled-band-high': (random) => restyledTile(between(random, 0.42, 0.52), between(random, 0.1, 0.14), 0.08),
  'restyled-band-low': (random) => restyledTile(between(random, 0.7, 0.74), between(random, 0.12, 0.15), 0.065),
  'restyled-code-above': (random) =>
    restyledTile(between(random, 0.56, 0.64), between(random, 0.15, 0.19), 0.07, { codeAbove: true }),
  // Square art: as tall as the tile is wide.
  'restyled-art-square': (random) => restyledTile(183 / 255, between(random, 0.1, 0.13), 0.065),
  // Wide art, 16:9 or thereabouts.
  'restyled-art-wide': (random) => restyledTile(between(random, 0.38, 0.44), between(random, 0.11, 0.15), 0.08),
  'restyled-bright': (random) =>
    restyledTile(between(random, 0.55, 0.68), between(random, 0.1, 0.14), 0.07, {
      bandColours: BRIGHT_BAND_COLOURS,
      nameFill: pick(random, ['#1a1a1a', '#2b1a4f', '#3a1010']),
      nameStroke: '#ffffff',
    }),
  // Names in one face the reader was never tuned on, in capitals or as the card list spells them.
  'restyled-name-face': (random) =>
    restyledTile(between(random, 0.6, 0.7), between(random, 0.1, 0.13), 0.07, {
      nameFaces: [pick(random, OTHER_NAME_FACES)],
      nameCase: pick(random, ['capitals', 'as listed'] as const),
    }),
};

/** Every restyle the generator draws. */
export const RESTYLED_LAYOUTS = Object.keys(RESTYLES) as RestyledLayout[];

/** The game's share layout: the geometry of the real share image, at 800 px. */
export const SHARE_GEOMETRY = {
  width: BASE_WIDTH,
  height: BASE_HEIGHT,
  tileWidth: TILE_W,
  tileHeight: TILE_H,
  columnX: COLUMN_X,
  gridTop: GRID_TOP,
  rowPitch: ROW_PITCH,
};

const SHARE_PAGE =
  '<linearGradient id="page" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#00509f"/><stop offset="0.5" stop-color="#2d80dc"/><stop offset="1" stop-color="#024690"/></linearGradient>';
/** Page colours a season, a theme or another game mode could bring: none is the share image's blue. */
const PAGE_COLOURS: Array<[string, string]> = [
  ['#1b5e20', '#43a047'],
  ['#4a148c', '#8e24aa'],
  ['#b71c1c', '#e57373'],
  ['#37474f', '#78909c'],
  ['#e65100', '#6a1b9a'],
  ['#00695c', '#00bcd4'],
  ['#d7ccc8', '#efebe9'],
  ['#263238', '#455a64'],
  ['#f9a825', '#ef6c00'],
];

function layoutFor(kind: GeneratedLayout, random: Random): Layout {
  const share: Layout = {
    height: BASE_HEIGHT,
    tileW: TILE_W,
    tileH: TILE_H,
    columnX: COLUMN_X,
    gridTop: GRID_TOP,
    rowPitch: ROW_PITCH,
    pageDefs: SHARE_PAGE,
    pageTop: '#1760b5',
    headerKind: 'share',
    tileStyle: SHARE_TILE,
  };
  if (kind === 'share') return share;
  if (kind.startsWith('restyled-')) return { ...share, tileStyle: RESTYLES[kind as RestyledLayout](random) };
  if (kind === 'header') {
    const headerKind = pick(random, ['left', 'banner', 'plain'] as const);
    const gridTop = Math.round(headerKind === 'plain' ? between(random, 110, 170) : between(random, 170, 330));
    return { ...share, gridTop, headerKind, height: BASE_HEIGHT - GRID_TOP + gridTop };
  }
  if (kind === 'background') {
    const [a, b] = pick(random, PAGE_COLOURS);
    const flat = random() < 0.4;
    const angle = random() < 0.5 ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
    return {
      ...share,
      pageDefs: `<linearGradient id="page" x1="0" y1="0" ${angle}><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${flat ? a : b}"/></linearGradient>`,
      pageTop: a,
    };
  }
  // Other tile sizes: gutters from hairline to wide, margins from none to wide.
  const gutter = Math.round(between(random, 3, 36));
  const margin = Math.round(between(random, 4, 44));
  const tileW = (BASE_WIDTH - 2 * margin - 3 * gutter) / 4;
  const tileH = (tileW * TILE_H) / TILE_W;
  const rowPitch = tileH + Math.round(gutter * between(random, 0.7, 1.3));
  const columnX = [0, 1, 2, 3].map((i) => margin + i * (tileW + gutter));
  const height = Math.round(
    GRID_TOP + 4 * rowPitch + Math.max(tileH, (3 * 86 * tileH) / TILE_H) + between(random, 10, 60),
  );
  return { ...share, tileW, tileH, rowPitch, columnX, height };
}
const DECK_CODE_CHARACTERS = [...CODE_CHARACTERS];

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const between = (random: Random, low: number, high: number): number => low + random() * (high - low);

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string,
  );
}

/** Names that stress the reader: punctuation, accents, digits, length, names inside names. */
function isHardName(name: string, shortNamesInside: Set<string>): boolean {
  return /[^A-Za-z ]/.test(name) || name.length > 20 || shortNamesInside.has(name);
}

/** Short names that also start or appear inside a longer name ("Mars" in "Mars Rover Curiosity"). */
function namesInsideOthers(cards: CatalogCard[]): Set<string> {
  const keys = new Set(cards.map((c) => nameKey(c.name)));
  const inside = new Set<string>();
  for (const card of cards) {
    const words = nameKey(card.name).split(' ');
    for (let span = 1; span < words.length; span++) {
      for (let start = 0; start + span <= words.length; start++) {
        const part = words.slice(start, start + span).join(' ');
        if (keys.has(part)) inside.add(part);
      }
    }
  }
  return new Set(cards.filter((c) => inside.has(nameKey(c.name))).map((c) => c.name));
}

const hardNameCache = new WeakMap<CatalogCard[], CatalogCard[]>();

/** 18 cards with distinct codes and names, about two thirds of them hard ones. */
export function pickDeck(catalog: CatalogCard[], random: Random): CatalogCard[] {
  let hard = hardNameCache.get(catalog);
  if (!hard) {
    const inside = namesInsideOthers(catalog);
    hard = catalog.filter((c) => isHardName(c.name, inside));
    hardNameCache.set(catalog, hard);
  }
  const deck: CatalogCard[] = [];
  const codes = new Set<string>();
  const names = new Set<string>();
  // A list without 18 cards of distinct codes and names (the card list prints ACN0065 twice) would
  // be drawn from for ever; a thousand draws a card are many more than any real list needs.
  for (let draws = 0; deck.length < DECK_SIZE; draws++) {
    if (draws > 1000 * DECK_SIZE) throw new Error(`no deck of ${DECK_SIZE} distinct codes and names in these cards`);
    const card = pick(random, random() < 0.65 && hard.length > 0 ? hard : catalog);
    const key = nameKey(card.name);
    if (codes.has(card.code) || names.has(key) || !key) continue;
    codes.add(card.code);
    names.add(key);
    deck.push(card);
  }
  return deck;
}

/** Rough advance width of bold capitals, in ems: enough to keep text inside its tile. */
function textWidthEm(text: string): number {
  let width = 0;
  for (const c of text) width += c === ' ' ? 0.34 : /[.,'’:;!|()[\]-]/.test(c) ? 0.42 : /[MW]/.test(c) ? 0.98 : 0.78;
  return width;
}

/** Splits a long name into two lines at the space closest to its middle. */
function wrapInTwo(text: string): [string, string] | null {
  const spaces = [...text.matchAll(/ /g)].map((m) => m.index ?? 0);
  if (spaces.length === 0) return null;
  const middle = text.length / 2;
  const at = spaces.reduce((best, i) => (Math.abs(i - middle) < Math.abs(best - middle) ? i : best));
  return [text.slice(0, at), text.slice(at + 1)];
}

const BOX_COLOURS = ['#f59ad5', '#f5d442', '#8fe38a', '#7fd8f5'];
const ART_COLOURS = [
  '#e8d5b0',
  '#f4f4f4',
  '#6aa7e8',
  '#2d80dc',
  '#c0392b',
  '#f39c12',
  '#27ae60',
  '#8e44ad',
  '#ffffff',
  '#1a1a1a',
  '#d4a5c9',
];

let clipCount = 0;

/** Random shapes inside a box (clipped to it, as card art is). */
function art(random: Random, x: number, y: number, w: number, h: number): string {
  const clip = `art${clipCount++}`;
  const shapes: string[] = [
    `<clipPath id="${clip}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath><g clip-path="url(#${clip})">`,
  ];
  shapes.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${pick(random, ART_COLOURS)}"/>`);
  const count = 3 + Math.floor(random() * 6);
  for (let i = 0; i < count; i++) {
    const fill = pick(random, ART_COLOURS);
    const cx = x + random() * w;
    const cy = y + random() * h;
    if (random() < 0.5)
      shapes.push(
        `<circle cx="${cx}" cy="${cy}" r="${between(random, 8, w / 2)}" fill="${fill}" opacity="${between(random, 0.5, 1)}"/>`,
      );
    else
      shapes.push(
        `<rect x="${cx - 30}" y="${cy - 20}" width="${between(random, 10, w)}" height="${between(random, 10, h / 2)}" fill="${fill}" opacity="${between(random, 0.5, 1)}" transform="rotate(${between(random, -30, 30)} ${cx} ${cy})"/>`,
      );
  }
  shapes.push('</g>');
  return shapes.join('');
}

function tile(random: Random, card: CatalogCard, x: number, y: number, style: TileStyle): string {
  const w = TILE_W;
  const h = TILE_H;
  const cx = x + w / 2;
  const font = pick(random, style.nameFaces);
  const parts: string[] = [];
  const clip = `tile${clipCount++}`;
  parts.push(`<clipPath id="${clip}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="9"/></clipPath>`);
  parts.push(`<g clip-path="url(#${clip})">`);
  parts.push(art(random, x, y, w, h * style.artBottom));
  // The dark band under the art, with its curved top edge, holding badge, code and name.
  const band = pick(random, style.bandColours);
  parts.push(
    `<path d="M${x} ${y + h * style.bandTop} Q${cx} ${y + h * style.bandDip} ${x + w} ${y + h * style.bandTop} L${x + w} ${y + h} L${x} ${y + h} Z" fill="${band}"/>`,
  );
  parts.push('</g>');
  parts.push(
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="9" fill="none" stroke="#050b18" stroke-width="4"/>`,
  );
  // Energy and power badges.
  parts.push(
    `<rect x="${x + 3}" y="${y + 3}" width="34" height="30" rx="6" fill="#1c6fe0"/><text x="${x + 12}" y="${y + 27}" font-family="DejaVu Sans" font-weight="bold" font-size="22" fill="#fff">${1 + Math.floor(random() * 9)}</text>`,
  );
  parts.push(
    `<rect x="${x + 3}" y="${y + 36}" width="34" height="24" rx="6" fill="#e0307a"/><text x="${x + 7}" y="${y + 55}" font-family="DejaVu Sans" font-weight="bold" font-size="16" fill="#fff">${Math.floor(random() * 90)}</text>`,
  );
  // Rarity badge with its white glyph and "LIMITED CARD" label.
  parts.push(
    `<circle cx="${cx}" cy="${y + h * style.badgeY}" r="15" fill="#f5c518" stroke="#222" stroke-width="2"/><path d="M${cx - 7} ${y + h * (style.badgeY + 0.025)} L${cx} ${y + h * (style.badgeY - 0.03)} L${cx + 7} ${y + h * (style.badgeY + 0.025)} Z" fill="#fff"/>`,
  );
  if (random() < 0.6)
    parts.push(
      `<text x="${cx}" y="${y + h * style.limitedY}" text-anchor="middle" font-family="DejaVu Sans" font-size="6" fill="#fff">LIMITED CARD</text>`,
    );

  // The name: one line when it fits at a readable size, otherwise two.
  const name = style.nameCase === 'capitals' ? card.name.toUpperCase() : card.name;
  const maxWidth = w * 0.9;
  const baseSize = 15;
  let lines: string[] = [name];
  let size = Math.min(baseSize, maxWidth / textWidthEm(name));
  if (size < 11.5) {
    const wrapped = wrapInTwo(name);
    if (wrapped) {
      lines = wrapped;
      size = Math.min(baseSize - 1, maxWidth / Math.max(...wrapped.map(textWidthEm)));
    }
  }
  const cap = size * 0.73;
  const lastCentre = y + h * style.nameCentre;
  const lineStep = cap * 1.45;
  lines.forEach((line, i) => {
    const baseline = lastCentre - (lines.length - 1 - i) * lineStep + cap / 2;
    parts.push(
      `<text x="${cx}" y="${baseline.toFixed(1)}" text-anchor="middle" font-family="${font}" font-weight="bold" font-size="${size.toFixed(1)}" fill="${style.nameFill}" stroke="${style.nameStroke}" stroke-width="0.6" paint-order="stroke">${escapeXml(line)}</text>`,
    );
  });
  // Code and PROTECTED label sit just above the name, higher when the name takes two lines.
  const labelBaseline = lastCentre - cap / 2 - (lines.length - 1) * lineStep - h * 0.03;
  if (style.codeAbove)
    parts.push(
      `<text x="${cx}" y="${(labelBaseline - h * 0.01).toFixed(1)}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="10" fill="${style.nameFill}" opacity="0.85">${escapeXml(card.code)}</text>`,
    );
  else
    parts.push(
      `<text x="${x + w * 0.93}" y="${labelBaseline.toFixed(1)}" text-anchor="end" font-family="DejaVu Sans" font-size="8.5" fill="#d0d0d0" opacity="0.8">${escapeXml(card.code)}</text>`,
    );
  if (random() < 0.5)
    parts.push(
      `<text x="${x + w * 0.08}" y="${labelBaseline.toFixed(1)}" font-family="DejaVu Sans" font-weight="bold" font-size="7" fill="${style.nameFill}">PROTECTED</text>`,
    );
  // Ability title box and text box.
  const box = pick(random, BOX_COLOURS);
  parts.push(
    `<rect x="${x + 6}" y="${y + h * style.boxTop}" width="${w - 12}" height="${h * style.boxHeight}" rx="5" fill="${box}"/>`,
  );
  parts.push(
    `<text x="${cx}" y="${y + h * style.abilityY[0]}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="8" fill="#333">Ability of ${escapeXml(card.name.slice(0, 14))}</text>`,
  );
  parts.push(
    `<text x="${cx}" y="${y + h * style.abilityY[1]}" text-anchor="middle" font-family="DejaVu Sans" font-size="7" fill="#222">Your cards in hand gain +${Math.floor(random() * 90)} power</text>`,
  );
  if (style.abilityY.length > 2)
    parts.push(
      `<text x="${cx}" y="${y + h * style.abilityY[2]}" text-anchor="middle" font-family="DejaVu Sans" font-size="7" fill="#222">until played this turn.</text>`,
    );
  return parts.join('');
}

function header(random: Random, deckCode: string, layout: Layout, font = 'DejaVu Sans'): string {
  const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
  const word = (n: number): string => Array.from({ length: n }, () => pick(random, letters)).join('');
  const player = `${word(1)}${word(5).toLowerCase()}${Math.floor(random() * 1000)} - ${pick(random, ['Master Traveler', 'Collector', 'Card Sage', 'Explorer'])}`;
  const referral = `${word(3)}-${word(3)}-${word(2)}${Math.floor(random() * 10)}`;
  const text = (x: number, y: number, size: number, fill: string, content: string, anchor = 'start'): string =>
    `<text x="${x}" y="${y}" text-anchor="${anchor}" font-family="${font}" font-weight="bold" font-size="${size}" fill="${fill}">${escapeXml(content)}</text>`;
  const g = layout.gridTop;
  if (layout.headerKind === 'left') {
    // One avatar box on the left, the texts left-aligned beside it, the code first.
    return [
      `<rect x="20" y="${g * 0.1}" width="${g * 0.55}" height="${g * 0.8}" rx="10" fill="#0b1a2e"/>`,
      art(random, 28, g * 0.13, g * 0.5, g * 0.72),
      text(g * 0.62 + 30, g * 0.3, 19, '#dde6f0', `DECK CODE: ${deckCode}`),
      text(g * 0.62 + 30, g * 0.55, 21, '#fff', player),
      text(g * 0.62 + 30, g * 0.78, 16, '#b9cde6', `Referral Code: ${referral}`),
    ].join('');
  }
  if (layout.headerKind === 'banner') {
    // A dark banner across the page with the title, the code on the right under it.
    return [
      `<rect x="0" y="${g * 0.08}" width="${BASE_WIDTH}" height="${g * 0.42}" fill="#101820" opacity="0.85"/>`,
      text(400, g * 0.35, 26, '#fff', player, 'middle'),
      text(BASE_WIDTH - 30, g * 0.78, 20, '#e8eef5', `DECK CODE: ${deckCode}`, 'end'),
      `<circle cx="60" cy="${g * 0.72}" r="${g * 0.16}" fill="${pick(random, ART_COLOURS)}"/>`,
    ].join('');
  }
  if (layout.headerKind === 'plain') {
    return text(400, g * 0.6, 22, '#f4f4f4', `DECK CODE: ${deckCode}`, 'middle');
  }
  return [
    `<rect x="20" y="25" width="175" height="245" rx="10" fill="#0b1a2e"/>`,
    art(random, 35, 45, 145, 200),
    `<rect x="600" y="25" width="175" height="245" rx="10" fill="#0b1a2e"/>`,
    art(random, 612, 40, 150, 215),
    `<circle cx="400" cy="80" r="65" fill="#0b1a2e"/>`,
    `<circle cx="400" cy="80" r="50" fill="${pick(random, ART_COLOURS)}"/>`,
    text(395, 190, 23, '#fff', player, 'middle'),
    text(395, 222, 19, '#b9cde6', `Referral Code: ${referral}`, 'middle'),
    text(395, 252, 19, '#b9cde6', `DECK CODE: ${deckCode}`, 'middle'),
  ].join('');
}

function statPanels(layout: Layout): string {
  const x = layout.columnX[2];
  const width = layout.columnX[3] + layout.tileW - x;
  const top = layout.gridTop + 4 * layout.rowPitch;
  const k = layout.tileH / TILE_H;
  return [0, 1, 2]
    .map((i) => {
      const y = top + i * 86 * k;
      return `<rect x="${x}" y="${y}" width="${width}" height="${78 * k}" rx="10" fill="#1565c0" stroke="#0a2a5a" stroke-width="4"/><text x="${x + 90}" y="${y + 48}" font-family="DejaVu Sans" font-weight="bold" font-size="22" fill="#fff">AVERAGE</text><text x="${x + width - 20}" y="${y + 48}" text-anchor="end" font-family="DejaVu Sans" font-weight="bold" font-size="22" fill="#fff">${(i * 13.7 + 4.5).toFixed(1)}</text>`;
    })
    .join('');
}

/** Renders one synthetic share screenshot and its answer. */
export async function generateScreenshot(
  catalog: CatalogCard[],
  options: GenerateOptions,
): Promise<GeneratedScreenshot> {
  const random = seededRandom(options.seed);
  const layout = layoutFor(options.layout ?? 'share', seededRandom(options.seed ^ 0x5f3759df));
  const width = options.width ?? 600 + Math.floor(random() * 601);
  const quality = options.quality ?? 50 + Math.floor(random() * 41);
  const cards = pickDeck(catalog, random);
  const deckCode = Array.from({ length: DECK_CODE_LENGTH }, () => pick(random, DECK_CODE_CHARACTERS)).join('');
  const at = (i: number) => ({
    left: layout.columnX[i % 4],
    top: layout.gridTop + Math.floor(i / 4) * layout.rowPitch,
  });
  // Tiles are drawn at the share size and scaled: badges and text keep their share of the tile.
  const scale = layout.tileW / TILE_W;
  const tiles = cards
    .map(
      (card, i) =>
        `<g transform="translate(${at(i).left} ${at(i).top}) scale(${scale})">${tile(random, card, 0, 0, layout.tileStyle)}</g>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${BASE_WIDTH}" height="${layout.height}" viewBox="0 0 ${BASE_WIDTH} ${layout.height}">
<defs>${layout.pageDefs}</defs>
<rect width="${BASE_WIDTH}" height="${layout.height}" fill="url(#page)"/>${header(random, deckCode, layout, options.headerFont)}${tiles}${options.statPanels === false ? '' : statPanels(layout)}</svg>`;
  // Render at the target width directly (density scales the vector drawing), as a phone would.
  const density = (72 * width) / BASE_WIDTH;
  const rendered = sharp(Buffer.from(svg), { density }).resize({ width });
  const image = await (options.png ? rendered.png() : rendered.jpeg({ quality })).toBuffer();
  const k = width / BASE_WIDTH;
  const geometry: ScreenshotGeometry = {
    width,
    height: Math.round(layout.height * k),
    gridTop: Math.round(layout.gridTop * k),
    tiles: cards.map((_, i) => ({
      left: Math.round(at(i).left * k),
      top: Math.round(at(i).top * k),
      width: Math.round(layout.tileW * k),
      height: Math.round(layout.tileH * k),
    })),
    page: layout.pageTop,
  };
  return { image, width, quality, truth: { deck_code: deckCode, cards }, geometry };
}
