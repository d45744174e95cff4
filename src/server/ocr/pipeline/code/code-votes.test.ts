import { agreedCode, nothingToSettle } from './code-votes';
import { SWITCH_MARGIN } from './classifier/classifier';
import { rankedAt, type CodeShapes, type DeckCodeRead } from './deck-code';
import type { Glyph } from './glyphs';
import { codeGlyphs, specked, widened } from '../../../../../test/support/code-glyphs';

const read = (code: string, labelErrors = 0) => ({ code, labelErrors });

describe('agreedCode', () => {
  it('takes the character two of three reads agree on, wherever the first read stands', () => {
    // Warm + dim + blur tuning seed 394: the mask read the 8 as B; the map and the sharpened mask did not.
    expect(agreedCode([read('UNBB3Z'), read('UNB83Z'), read('UNB83Z')])).toBe('UNB83Z');
    expect(agreedCode([read('UNB83Z'), read('UNBB3Z'), read('UNB83Z')])).toBe('UNB83Z');
  });

  it('keeps the first read where every read differs, or two reads differ', () => {
    expect(agreedCode([read('NAXEBY'), read('NAXE6Y'), read('NAXE8Y')])).toBe('NAXEBY');
    expect(agreedCode([read('UT20OV'), read('UT20OU')])).toBe('UT20OV');
  });

  it('breaks a tie of reads by what the line model read before the glyphs settled it', () => {
    // All at once, tuning seed 461: the mask's B, its bowls faded, was cut as an H; every view's line read B.
    const settled = (code: string, lineCode: string): DeckCodeRead => ({ code, labelErrors: 0, lineCode });
    expect(agreedCode([settled('CX7VXH', 'CX7VXB'), settled('CX7VXB', 'CX7VXB'), settled('CX7VX8', 'CX7VX8')])).toBe(
      'CX7VXB',
    );
    expect(agreedCode([settled('UH42XL', 'UH42XD'), read('UH42XD')])).toBe('UH42XD');
    // The line's reads tie too: the base read's character stands.
    expect(agreedCode([settled('CX7VXH', 'CX7VXH'), settled('CX7VX8', 'CX7VX8')])).toBe('CX7VXH');
  });

  it("counts a line's reading of a learnt look-alike of a leader for that leader", () => {
    // Restyled + small, unseen seed 39420: two lines read O where the glyphs were cut as 0, the
    // third line C on a broken piece; C, 0 and H had one read each.
    const settled = (code: string, lineCode: string): DeckCodeRead => ({ code, labelErrors: 0, lineCode });
    expect(agreedCode([read('VLK9HC'), settled('VLK9H0', 'VLK9HO'), settled('VLK9KH', 'VLK9HO')])).toBe('VLK9H0');
  });

  it("counts a line's reading for what its glyph settled it to, where the two are learnt look-alikes", async () => {
    // Restyled + small, unseen seed 39436 (491 px): the sharpened mask's line read B on a glyph
    // most like 8; the mask's line alone read B, the map's S. Counted by its line, B had two votes.
    const shapes = await codeGlyphs('3U2N8N', 17);
    const settled: DeckCodeRead = { code: '3U2N8N', labelErrors: 0, lineCode: '3U2NBN', shapes };
    expect(agreedCode([read('3UZNBN'), settled, read('3U2NSN')])).toBe('3U2N8N');
  });

  it('leaves look-alikes to the majority of reads where the glyphs lead to one by a hair', async () => {
    // Restyled + small, unseen seed 39429 (487 px): one view's glyph led B by 0.027 over 8, where
    // two of three lines read 8. Here a zero drawn a tenth wider leads O by under 0.03.
    const { glyphs, capHeight } = await codeGlyphs('WM01X7', 15);
    const leaning = { glyphs: glyphs.map((g, i) => (i === 2 ? widened(g, 1.1) : g)), capHeight };
    const lead = (rankedAt(leaning, 2) ?? []).filter((s) => s.char === 'O' || s.char === '0').map((s) => s.score);
    expect(lead[0] - lead[1]).toBeGreaterThan(SWITCH_MARGIN);
    expect(lead[0] - lead[1]).toBeLessThan(0.03);
    expect(agreedCode([{ code: 'WMO1X7', labelErrors: 0, shapes: leaning }, read('WM01X7'), read('WM01X7')])).toBe(
      'WM01X7',
    );
  });

  it('builds on the read whose label was read best, and lets reads of another length not vote', () => {
    expect(agreedCode([read('BCZ9DQ', 2), read('8CZ9DQ')])).toBe('8CZ9DQ');
    expect(agreedCode([read('BCZ9DQ', 2), read('8CZ9DQ', 1), read('BCZ9DQ', 1)])).toBe('BCZ9DQ');
    expect(agreedCode([read('P3ID0U'), read('P3ID0V1'), read('P3ID0V1')])).toBe('P3ID0U');
  });

  it('settles a disagreement by the glyphs the reads were spelled on, against the majority of reads', async () => {
    const shapes = await codeGlyphs('5P4T0Y', 23);
    const onGlyphs = (code: string): DeckCodeRead => ({ code, labelErrors: 0, shapes });
    expect(agreedCode([onGlyphs('5P4TOY'), onGlyphs('5P4T0Y'), read('5P4TOY')])).toBe('5P4T0Y');
    expect(agreedCode([onGlyphs('SP4T0Y'), read('5P4T0Y')])).toBe('5P4T0Y');
  });

  it('breaks a tie of reads and of their lines by the glyphs there, look-alikes or not', async () => {
    // Blur tuning seed 309: the mask read V0ATAH, the sharpened mask V0A7AH on glyphs (7 at 0.86, T at 0.62).
    const shapes = await codeGlyphs('V0A7AH', 23);
    expect(agreedCode([read('V0ATAH'), { code: 'V0A7AH', labelErrors: 0, shapes }])).toBe('V0A7AH');
  });

  it('leaves a disagreement to the majority where no glyph there looks like any character', async () => {
    const { glyphs, capHeight } = await codeGlyphs('5P4T0Y', 23);
    // Specks cut where the zero is.
    const shapes = { glyphs: glyphs.map((g, i) => (i === 4 ? specked(g) : g)), capHeight };
    const onGlyphs = (code: string): DeckCodeRead => ({ code, labelErrors: 0, shapes });
    expect(agreedCode([onGlyphs('5P4T0Y'), onGlyphs('5P4TOY'), read('5P4TOY')])).toBe('5P4TOY');
  });

  it("builds on a read of the game's length before a cleaner label: another length lost a glyph or read a phantom", () => {
    // Tuning seeds 424 (all at once) and 425 (desaturated): the mask lost the U and a T.
    expect(agreedCode([read('QHOV8'), read('QHOV8U'), read('QMOVSY')])).toBe('QHOV8U');
    expect(agreedCode([read('8TVEN'), read('8TVTEN', 1)])).toBe('8TVTEN');
    expect(agreedCode([read('8TVEN'), read('8TVTE')])).toBe('8TVEN');
  });

  it('counts a read with one phantom character as a vote for the read it echoes, and no other', () => {
    // "Scale" unseen seed 39112 (441 px): the contrast map's FO9TSQE is the sharpened mask's F9TSQE.
    expect(agreedCode([read('FIISOF'), read('F9TSQE'), read('FO9TSQE')])).toBe('F9TSQE');
    // Without its echo, one read against one: the first stands wherever the shapes say nothing.
    expect(agreedCode([read('FIISOF'), read('F9TSQE')])).toBe('FIISOF');
    // A longer read that is no read with a character dropped votes for nothing.
    expect(agreedCode([read('FIISOF'), read('F9TSQE'), read('FO9TSQF')])).toBe('FIISOF');
  });

  it('weighs each glyph by how far it leads, so one clear glyph outweighs two that lean the other way by a hair', async () => {
    // "All at once" tuning seed 419: 7GX0Y5's zero led O by 0.117 in one view, trailed it by 0.02 in two.
    const clear = await codeGlyphs('WM01X7', 17);
    const small = await codeGlyphs('WM01X7', 14);
    // The small zero blur spread a quarter wider: O ahead by under 0.02.
    const spread = { glyphs: small.glyphs.map((g, i) => (i === 2 ? widened(g, 1.25) : g)), capHeight: small.capHeight };
    const onGlyphs = (code: string, shapes: CodeShapes): DeckCodeRead => ({ code, labelErrors: 0, shapes });
    expect(agreedCode([onGlyphs('WMO1X7', spread), onGlyphs('WMO1X7', spread), onGlyphs('WM01X7', clear)])).toBe(
      'WM01X7',
    );
  });

  it('lets only the views that cut the glyph about as clearly as the clearest vote on it', async () => {
    // "Narrow face" tuning seed 437: two views cut OO7RBJ's second O at 0.80 and 0.86 like an O,
    // leading 0 by 0.02-0.03; a third cut it a pixel smaller, at 0.50 like a zero and 0.07 ahead.
    const small = await codeGlyphs('WM01X7', 14);
    const leaningO = {
      glyphs: small.glyphs.map((g, i) => (i === 2 ? widened(g, 1.25) : g)),
      capHeight: small.capHeight,
    };
    const poor = await codeGlyphs('WM01X7', 17);
    const striped = (g: Glyph): Glyph => ({
      ...g,
      ink: g.ink.map((v, i) => (Math.floor(i / g.width) % 2 === 0 ? 0 : v)),
      tone: g.tone?.map((v, i) => (Math.floor(i / g.width) % 2 === 0 ? 0 : v)),
    });
    const broken = { glyphs: poor.glyphs.map((g, i) => (i === 2 ? striped(g) : g)), capHeight: poor.capHeight };
    const onGlyphs = (code: string, shapes: CodeShapes): DeckCodeRead => ({ code, labelErrors: 0, shapes });
    expect(agreedCode([onGlyphs('WM01X7', broken), onGlyphs('WMO1X7', leaningO), onGlyphs('WMO1X7', leaningO)])).toBe(
      'WMO1X7',
    );
  });

  it('builds on the read whose glyphs look like what it spelled before an earlier one spelled on specks', async () => {
    // "All at once" tuning seed 304 (602 px, blurred): the mask cut specks under its line's X30T74,
    // the sharpened mask whole glyphs under X3OT4I, its thin I too faint to settle anything alone.
    const clear = await codeGlyphs('X3OT4I', 23);
    const speck = specked(clear.glyphs[5]);
    const specks = { glyphs: clear.glyphs.map(() => speck), capHeight: clear.capHeight };
    const faintI = { glyphs: clear.glyphs.map((g, i) => (i === 5 ? speck : g)), capHeight: clear.capHeight };
    expect(
      agreedCode([
        { code: 'X30T74', labelErrors: 0, shapes: specks },
        { code: 'X3OT4I', labelErrors: 0, shapes: faintI },
      ]),
    ).toBe('X3OT4I');
  });

  it('is null only when no read found a code', () => {
    expect(agreedCode([null, null])).toBeNull();
    expect(agreedCode([null, read('T1W1K9', 3)])).toBe('T1W1K9');
  });
});

describe('nothingToSettle', () => {
  it('asks for a third read only where two reads of a code differ', () => {
    expect(nothingToSettle(read('UH42XD'), read('UH42XD', 1))).toBe(true);
    expect(nothingToSettle(read('UH42XD'), null)).toBe(true);
    expect(nothingToSettle(read('UH42XD'), read('UH4ZXD'))).toBe(false);
  });
});
