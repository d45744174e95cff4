/**
 * Rebuilds the deck-code glyph classifier (src/server/ocr/pipeline/code/classifier):
 *   npm run ocr:train-code               the look-alike table from the stored glyph set, and its confusion table (confusion.txt)
 *   npm run ocr:train-code -- --collect  first cuts the labelled glyph set again from its sources
 *   npm run ocr:train-code -- --line     also reads each header's code line with tesseract and
 *                                        learns the line model's habits (../line-misreads.json,
 *                                        its counts in ../line-reads.txt)
 * Sources: the real share image's code (UH42XD, test/fixtures), and random codes in the free bold
 * sans fonts installed with the generator (DejaVu Sans, Liberation Sans), which the game's heavy
 * geometric sans is closest to among Debian's fonts; both spoilt alike, through scales, JPEG
 * qualities, blur, dimming and tints as bench/augment.ts spoils images. Glyphs are cut as the reader cuts them
 * (`findGlyphs` at its whiteness thresholds), so the set holds what the classifier will be shown.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import sharp from 'sharp';
import { SHARE_GEOMETRY } from '../src/server/demo/share-screenshot';
import { sampleOf } from '../src/server/ocr/pipeline/code/classifier/glyph-sample';
import {
  loadGlyphSet,
  storeGlyphSet,
  type LabelledGlyph,
  type StoredGlyphSet,
} from '../src/server/ocr/pipeline/code/classifier/glyph-set';
import { confusionText, leaveOneOut, lookalikeTable } from '../src/server/ocr/pipeline/code/classifier/learn';
import { BAR_WIDTH } from '../src/server/ocr/pipeline/code/classifier/similarity';
import { CODE_CHARACTERS, DECK_CODE_LENGTH } from '../src/server/ocr/pipeline/code/deck-code';
import { wholeHeaderPlan } from '../src/server/ocr/pipeline/code/deck-code-reader';
import { capHeightOf, findGlyphs, isColon, type Glyph } from '../src/server/ocr/pipeline/code/glyphs';
import {
  countLineReads,
  lineMisreadTable,
  lineReadsText,
  type LineRead,
} from '../src/server/ocr/pipeline/code/line-misreads';
import { createOcrPool } from '../src/server/ocr/runtime/worker-pool';
import type { Rect, RgbImage } from '../src/server/ocr/pipeline/tile-grid';
import { seededRandom } from '../src/common/seeded-random';
import { REAL_SCREENSHOT, REAL_SCREENSHOT_ANSWER } from '../test/support/real-data';

const between = (random: () => number, low: number, high: number): number => low + random() * (high - low);

const DIR = path.resolve(import.meta.dirname, '..', 'src', 'server', 'ocr', 'pipeline', 'code', 'classifier');
const SET_FILE = path.join(DIR, 'glyph-set.json');
const TABLE_FILE = path.join(DIR, 'lookalikes.json');
const CONFUSION_FILE = path.join(DIR, 'confusion.txt');
const LINE_MISREADS_FILE = path.join(DIR, '..', 'line-misreads.json');
const LINE_READS_FILE = path.join(DIR, '..', 'line-reads.txt');
/** Whiteness thresholds the reader cuts code glyphs at (deck-code-reader GLYPH_THRESHOLD and its fainter ones). */
const THRESHOLDS = [90, 60];
const FONTS = ['DejaVu Sans', 'Liberation Sans', 'DejaVu Sans Condensed'];
/** Headers drawn in each font. */
const FONT_VARIANTS = 120;

/** The JSON as the repository's formatter lays it out, so `npm run lint` passes on what is written. */
async function writeJson(file: string, value: unknown): Promise<void> {
  const options = await resolveConfig(file);
  await writeFile(file, await format(JSON.stringify(value), { ...options, parser: 'json' }));
}

const { values } = parseArgs({
  options: { collect: { type: 'boolean', default: false }, line: { type: 'boolean', default: false } },
});

async function rgb(image: ReturnType<typeof sharp>): Promise<{ data: Uint8Array; width: number; height: number }> {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/** The glyphs after the colon of "DECK CODE:" in the region, when they are as many as the code's characters. */
function codeGlyphsAfterColon(glyphs: Glyph[], length: number): Glyph[] | null {
  const capHeight = capHeightOf(glyphs);
  const colon = glyphs.findIndex((g) => isColon(g, capHeight));
  if (colon < 0) return null;
  const code = glyphs.slice(colon + 1).filter((g) => g.height >= capHeight * 0.8 && g.height <= capHeight * 1.6);
  return code.length === length ? code : null;
}

/**
 * The glyphs labelled with the code's characters in order; none where a letter other than I came
 * out a bare bar (BAR_WIDTH): blur and JPEG then broke a glyph and joined others, and the count
 * came right by chance (a copy of the real image at 0.64 of its size, JPEG q42, cut U and X as bars).
 */
const labelled = (glyphs: Glyph[], code: string, source: string): LabelledGlyph[] => {
  const capHeight = capHeightOf(glyphs);
  const samples = glyphs.map((g, i) => ({ ...sampleOf(g, capHeight), label: code[i], source }));
  return samples.some((s) => s.width < BAR_WIDTH && s.label !== 'I') ? [] : samples;
};

/** The code's glyphs after "CODE:" in `region`, labelled, cut at each whiteness the reader cuts at. */
function cutCode(img: RgbImage, region: Rect, minHeight: number, code: string, source: string): LabelledGlyph[] {
  return THRESHOLDS.flatMap((threshold) => {
    const glyphs = codeGlyphsAfterColon(findGlyphs(img, region, threshold, minHeight), code.length);
    return glyphs ? labelled(glyphs, code, `${source} t${threshold}`) : [];
  });
}

/** How one variant of a header is spoilt, as bench/augment.ts spoils whole images. */
interface Spoiling {
  scale: number;
  quality: number;
  blur: number;
  dim: number;
  tint: number[];
}

function randomSpoiling(random: () => number): Spoiling {
  return {
    scale: between(random, 0.5, 2.5),
    quality: Math.round(between(random, 40, 95)),
    blur: random() < 0.4 ? between(random, 0.3, 1) : 0,
    dim: random() < 0.4 ? between(random, 0.8, 1) : 1,
    tint: random() < 0.3 ? [between(random, 0.9, 1.1), 1, between(random, 0.85, 1.1)] : [1, 1, 1],
  };
}

const describe = (s: Spoiling): string =>
  `x${s.scale.toFixed(2)} q${s.quality} blur${s.blur.toFixed(1)} dim${s.dim.toFixed(2)}`;

/** The image resized, blurred, dimmed, tinted and saved as JPEG as the spoiling says. */
async function spoil(image: Buffer, width: number, s: Spoiling): Promise<RgbImage> {
  let pipeline = sharp(image).resize({ width: Math.round(width * s.scale) });
  if (s.blur > 0) pipeline = pipeline.blur(Math.max(0.3, s.blur * s.scale));
  pipeline = pipeline.linear(
    s.tint.map((t) => t * s.dim),
    [0, 0, 0],
  );
  return rgb(sharp(await pipeline.jpeg({ quality: s.quality }).toBuffer()));
}

/** A header drawn or spoilt for the set: where its code line lies, the code it prints, what it was made from. */
interface HeaderVariant {
  img: RgbImage;
  /** The region holding the "DECK CODE:" line. */
  line: Rect;
  /** The least height of a glyph cut from it. */
  minHeight: number;
  code: string;
  source: string;
}

/** The real code's header, as sent and through 119 spoilt variants. */
async function* realHeaders(): AsyncGenerator<HeaderVariant> {
  const image = await readFile(REAL_SCREENSHOT);
  const code = (JSON.parse(await readFile(REAL_SCREENSHOT_ANSWER, 'utf8')) as { deck_code: string }).deck_code;
  const g = SHARE_GEOMETRY;
  const random = seededRandom(35);
  for (let variant = 0; variant < 120; variant++) {
    const spoiling = randomSpoiling(random);
    const img = variant === 0 ? await rgb(sharp(image)) : await spoil(image, g.width, spoiling);
    // The code's line ("DECK CODE: UH42XD") lies at 230-260 px of the 800 px image, 150-600 px across.
    const s = img.width / g.width;
    const line = { left: 150 * s, top: 230 * s, width: 450 * s, height: 30 * s };
    const source = variant === 0 ? 'real as sent' : `real ${describe(spoiling)}`;
    yield { img, line, minHeight: line.height * 0.25, code, source };
  }
}

/**
 * Codes of random characters in each font, bold, pale on the share image's blue at 17-24 px, each
 * spoilt as the real image's variants are: rendered small, a font's glyphs are hinted to whole
 * pixels, where a share image scaled down blurs them between pixels, as the reader sees them.
 * The characters are dealt from shuffled decks of the alphabet, so each is drawn as often.
 */
async function* fontHeaders(): AsyncGenerator<HeaderVariant> {
  const random = seededRandom(3535);
  let deck: string[] = [];
  const deal = (): string => {
    if (deck.length === 0) deck = [...CODE_CHARACTERS].sort(() => random() - 0.5);
    return deck.pop()!;
  };
  for (const font of FONTS) {
    for (let variant = 0; variant < FONT_VARIANTS; variant++) {
      const code = Array.from({ length: DECK_CODE_LENGTH }, deal).join('');
      const size = Math.round(between(random, 17, 24));
      const width = Math.round(size * 16);
      const height = Math.round(size * 2);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#1d5fb0"/><text x="${size * 0.5}" y="${size * 1.4}" font-family="${font}" font-weight="bold" font-size="${size}" fill="#dfe6f0">DECK CODE: ${code}</text></svg>`;
      const spoiling = randomSpoiling(random);
      const img = await spoil(Buffer.from(svg), width, spoiling);
      const line = { left: 0, top: 0, width: img.width, height: img.height };
      yield {
        img,
        line,
        minHeight: img.height * 0.15,
        code,
        source: `font ${font} Bold ${size}px ${describe(spoiling)}`,
      };
    }
  }
}

/** Every header the set is made from: the real one's variants, then each font's. */
async function* headers(): AsyncGenerator<HeaderVariant> {
  yield* realHeaders();
  yield* fontHeaders();
}

/**
 * What the line model reads on each header's code line, beside the code printed there: the
 * header read as the reader reads a header it found no line in (`wholeHeaderPlan`), then its code
 * line read again as a line. The line's own code, before any glyph settles it (`lineCode`).
 */
async function lineReads(): Promise<LineRead[]> {
  const pool = await createOcrPool();
  const reads: LineRead[] = [];
  try {
    for await (const { img, line, code } of headers()) {
      const plan = wholeHeaderPlan(img, line);
      const read = await plan.decide((await pool.recognizeAll([plan.job]))[0], pool);
      reads.push({ printed: code, read: read ? (read.lineCode ?? read.code) : '' });
    }
  } finally {
    await pool.close();
  }
  return reads;
}

if (values.collect) {
  const glyphs: LabelledGlyph[] = [];
  for await (const { img, line, minHeight, code, source } of headers())
    glyphs.push(...cutCode(img, line, minHeight, code, source));
  await writeJson(SET_FILE, storeGlyphSet(glyphs));
  const counts = new Map<string, number>();
  for (const g of glyphs) counts.set(g.source.split(' ')[0], (counts.get(g.source.split(' ')[0]) ?? 0) + 1);
  console.log(`collected ${glyphs.length} labelled glyphs (${[...counts].map(([s, n]) => `${s} ${n}`).join(', ')})`);
}

const glyphs = loadGlyphSet(JSON.parse(await readFile(SET_FILE, 'utf8')) as StoredGlyphSet);
const loo = leaveOneOut(glyphs);
await writeJson(TABLE_FILE, { lookalikes: lookalikeTable(loo) });
const confusion = confusionText(loo);
await writeFile(CONFUSION_FILE, `${confusion}\n`);
console.log(confusion);
console.log(
  `look-alikes written to ${path.relative(process.cwd(), TABLE_FILE)}, confusion table to ${path.basename(CONFUSION_FILE)}`,
);

if (values.line) {
  const reads = await lineReads();
  const counts = countLineReads(reads);
  await writeJson(LINE_MISREADS_FILE, { misreads: lineMisreadTable(counts) });
  const text = lineReadsText(counts, reads.length);
  await writeFile(LINE_READS_FILE, `${text}\n`);
  console.log(text);
  console.log(`the line model's habits written to ${path.relative(process.cwd(), LINE_MISREADS_FILE)}`);
}
