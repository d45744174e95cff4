import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { REAL_SCREENSHOT } from '../../../../../../test/support/real-data';
import { SHARE_GEOMETRY } from '../../../../demo/share-screenshot';
import { codeGlyphs, widened, type CodeGlyphs } from '../../../../../../test/support/code-glyphs';
import { codeCharacters, labelExemplars, spell } from '../deck-code';
import { capHeightOf, findGlyphs, isColon } from '../glyphs';
import { MIN_LIKENESS, codeGlyphClassifier, styleOf } from './classifier';
import { sampleOf } from './glyph-sample';
import { loadGlyphSet, storeGlyphSet } from './glyph-set';

/** The real share image's code glyphs, cut as the training script cuts them, at a scale it never stored exactly. */
async function realCodeGlyphs(scale: number) {
  const image = await sharp(await readFile(REAL_SCREENSHOT))
    .resize({ width: Math.round(SHARE_GEOMETRY.width * scale) })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const img = { data: new Uint8Array(image.data), width: image.info.width, height: image.info.height };
  const line = { left: 150 * scale, top: 230 * scale, width: 450 * scale, height: 30 * scale };
  const glyphs = findGlyphs(img, line, 90, line.height * 0.25);
  const capHeight = capHeightOf(glyphs);
  const colon = glyphs.findIndex((g) => isColon(g, capHeight));
  return { glyphs: glyphs.slice(colon + 1), capHeight };
}

/** The label's letters of a drawn line as exemplars, the label read right ("DECK CODE"). */
function labelExemplarsOf({ line, colon, capHeight }: CodeGlyphs) {
  const labelRead = line.slice(0, colon).map((g, i) => ({
    text: 'DECKCODE'[i],
    confidence: 90,
    x0: g.left,
    x1: g.left + g.width,
    y0: 0,
    y1: 1,
  }));
  return labelExemplars(line, colon, labelRead, capHeight);
}

describe('the deck-code glyph classifier', () => {
  it('reads the real screenshot code UH42XD glyph by glyph', async () => {
    const { glyphs, capHeight } = await realCodeGlyphs(1.13);
    const classifier = codeGlyphClassifier();
    expect(glyphs.map((g) => classifier.best(g, capHeight).char).join('')).toBe('UH42XD');
  });

  it('keeps a reading the glyph agrees with and mends a look-alike the glyph contradicts', async () => {
    const { glyphs, capHeight } = await realCodeGlyphs(0.9);
    const classifier = codeGlyphClassifier();
    const [, , four, two, , d] = glyphs;
    expect(classifier.settle('2', two, capHeight)).toBe('2');
    expect(classifier.settle('D', d, capHeight)).toBe('D');
    // D and O are look-alikes in the learnt table: a D read as O is put back by its shape.
    expect(classifier.lookalikesOf('O')).toContain('D');
    expect(classifier.settle('O', d, capHeight)).toBe('D');
    expect(classifier.settle('4', four, capHeight)).toBe('4');
  });

  it("puts back the real screenshot's 2 and D where the line read Z and O (hand rules fitted to generated glyphs had made the 2 a Z)", async () => {
    for (const scale of [0.9, 1.13, 1.6]) {
      const glyphs = (await realCodeGlyphs(scale)).glyphs.slice(0, 6);
      const symbols = glyphs.map((g, i) => ({
        text: 'UH4ZXO'[i],
        confidence: 90,
        x0: g.left,
        x1: g.left + g.width,
        y0: 0,
        y1: 1,
      }));
      expect(spell(codeCharacters(glyphs, symbols))).toBe('UH42XD');
    }
  });

  it("reads the Os of a face narrower than any it learnt by the header label's own O", async () => {
    // DejaVu Sans Bold drawn at 0.75 of its width: its O is as narrow as the set's zeros.
    const drawn = await codeGlyphs('O0DO0D', 23, { stretch: 0.75 });
    const { glyphs, capHeight } = drawn;
    const exemplars = labelExemplarsOf(drawn);
    const set = codeGlyphClassifier();
    // Only the letters the set confuses with another are learnt from (O and D with 0, E with F): not the C.
    expect(set.withExemplars(exemplars.filter((e) => e.label === 'C'))).toBe(set);
    const read = (classifier: typeof set) => glyphs.map((g) => classifier.best(g, capHeight).char).join('');
    expect(read(set)).toBe('00D00D');
    expect(read(set.withExemplars(exemplars))).toBe('O0DO0D');
    // The exemplars are the header's alone: the shared classifier is left as it was.
    expect(read(codeGlyphClassifier())).toBe('00D00D');
  });

  it("reads a face narrower than any it learnt at the width its line's glyphs fit best", async () => {
    // DejaVu Sans Bold drawn at 0.8 of its width, without the label's exemplars.
    const { glyphs, capHeight } = await codeGlyphs('O0DO0D', 23, { stretch: 0.8 });
    const line = glyphs.map((glyph) => ({ glyph, capHeight }));
    const set = codeGlyphClassifier();
    const read = (classifier: typeof set) => glyphs.map((g) => classifier.best(g, capHeight).char).join('');
    expect(read(set)).toBe('00D00D');
    const fitted = set.atLineWidth(line);
    expect(fitted.lineWidth).toBeGreaterThanOrEqual(1.15);
    expect(read(fitted)).toBe('O0DO0D');
    // A face the set holds is read as cut.
    const learnt = await codeGlyphs('WM01X7', 23);
    expect(set.atLineWidth(learnt.glyphs.map((glyph) => ({ glyph, capHeight: learnt.capHeight })))).toBe(set);
  });

  it('weighs the glyphs of the face the line is printed in, where the set holds that face', async () => {
    const drawn = await codeGlyphs('WM01X7', 23);
    const { glyphs, capHeight } = drawn;
    const exemplars = labelExemplarsOf(drawn);
    const set = codeGlyphClassifier().withExemplars(exemplars);
    const inStyle = set.inStyleOf([...exemplars, ...glyphs.map((glyph) => ({ glyph, capHeight }))]);
    expect(inStyle.styleName).toBe('font DejaVu Sans Bold');
    // The zero blur spread to 0.88 capitals ("rotation" tuning seed 409): nearest DejaVu Sans
    // Condensed's O (0.90) in the whole set, DejaVu Sans Bold's zero (0.80) against its O (1.00).
    const spread = widened(glyphs[2], 1.15);
    expect(set.best(spread, capHeight).char).toBe('O');
    expect(inStyle.best(spread, capHeight).char).toBe('0');
  });

  it('takes a bar two pixels wide that the cut chipped for an I, by its tone', async () => {
    // "Narrow face" tuning seed 429: the I of 19IQ49 in Liberation Sans Narrow at 12 px, a bar the
    // cut at one whiteness chipped where JPEG dimmed it; as bare ink it was like no labelled I.
    const { glyphs, capHeight } = await codeGlyphs('19IQ49', 17, {
      font: { family: 'Liberation Sans Narrow', weight: 'normal' },
    });
    const bar = glyphs[2];
    expect(bar.width).toBeLessThanOrEqual(2);
    const chipped = (i: number) => Math.floor(i / bar.width) % 3 === 1 && i % bar.width === bar.width - 1;
    const ink = bar.ink.map((v, i) => (chipped(i) ? 0 : v));
    const tone = bar.tone!.map((v, i) => (chipped(i) ? Math.round(v * 0.8) : v));
    const set = codeGlyphClassifier();
    expect(set.resembles('I', { ...bar, ink, tone }, capHeight)).toBe(true);
    expect(set.resembles('I', { ...bar, ink, tone: undefined }, capHeight)).toBe(false);
  });

  it('doubts a reading it cannot check: a glyph like no labelled glyph is worth a look alone', async () => {
    const { glyphs, capHeight } = await codeGlyphs('K5', 23);
    const set = codeGlyphClassifier();
    // K has no learnt look-alike and its glyph is a K: nothing to doubt.
    expect(set.lookalikesOf('K')).toBe('');
    expect(set.doubts('K', glyphs[0], capHeight)).toBe(false);
    // Ink in a checkerboard, as no face draws a character, read as K by the line.
    const { width, height } = glyphs[0];
    const checkered = new Uint8Array(width * height).map((_, i) => ((i % width) + Math.floor(i / width)) % 2);
    const unlike = { width, height, ink: checkered };
    expect(set.best(unlike, capHeight).score).toBeLessThan(MIN_LIKENESS);
    expect(set.doubts('K', unlike, capHeight)).toBe(true);
  });

  it('names a glyph nothing read only where it clearly is one character', async () => {
    const { glyphs, capHeight } = await codeGlyphs('K6', 23);
    const set = codeGlyphClassifier();
    expect(set.clearly(glyphs[0], capHeight)).toBe('K');
    expect(set.clearly(glyphs[1], capHeight)).toBe('6');
    const { width, height } = glyphs[0];
    const checkered = new Uint8Array(width * height).map((_, i) => ((i % width) + Math.floor(i / width)) % 2);
    expect(set.clearly({ width, height, ink: checkered }, capHeight)).toBeNull();
  });

  it('names a glyph source by its face, every copy of the real image as one', () => {
    expect(styleOf('font DejaVu Sans Condensed Bold 17px q70 t90')).toBe('font DejaVu Sans Condensed Bold');
    expect(styleOf('real x0.80 q55 blur0.6 dim1.00 t90')).toBe('real');
    expect(styleOf('real as sent t60')).toBe('real');
  });

  it('stores a glyph at 4 bits a cell and loads it back within one step', () => {
    const ink = new Uint8Array(6 * 9).map((_, i) => (i % 5 === 0 ? 1 : 0));
    const sample = { ...sampleOf({ width: 6, height: 9, ink }, 9), label: 'A', source: 'test' };
    const [back] = loadGlyphSet(JSON.parse(JSON.stringify(storeGlyphSet([sample]))));
    expect(back.label).toBe('A');
    expect(back.source).toBe('test');
    expect(Math.max(...sample.pixels.map((v, i) => Math.abs(v - back.pixels[i])))).toBeLessThanOrEqual(9);
    expect(back.width).toBeCloseTo(6 / 9, 2);
  });
});
