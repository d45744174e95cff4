import {
  UNREAD,
  codeCharacters,
  labelExemplars,
  parseDeckCode,
  readDeckCodeLine,
  secondLookPositions,
  settleBySecondLook,
  spell,
  type CodeCharacter,
} from './deck-code';
import { codeGlyphs } from '../../../../../test/support/code-glyphs';
import { codeGlyphClassifier } from './classifier/classifier';
import { labelledWords } from './deck-code-reader';
import type { Glyph } from './glyphs';

describe('parseDeckCode', () => {
  it.each([
    ['DECK CODE: UH42XD', 'UH42XD'],
    ['Referral Code: XPP-CTY-BU5\nDECK CODE: UH42XD\n', 'UH42XD'],
    ['DECK C0DE; uh42xd', 'UH42XD'],
    ['DECKCODE UH42XD', 'UH42XD'],
    // Dim pale text on a light page, read on its colour contrast.
    ['DECK CDOE: KOPWAG', 'KOPWAG'],
    ['OECK CODE: VCZX70', 'VCZX70'],
    ['DECK LODE" FLUIFO', 'FLUIFO'],
  ])('reads %j', (text, code) => expect(parseDeckCode(text)).toBe(code));

  it('finds nothing without the label', () => {
    expect(parseDeckCode('Referral Code: XPP-CTY-BU5')).toBeNull();
    // A whole header read with the deck code's line garbled: the referral code is never taken for it.
    expect(parseDeckCode('Referral Code: ZLIL-WPR-QOWY\nDFCK IODF FLOIFC')).toBeNull();
    // Hyphens read as spaces: "Code" is not the label's capitals.
    expect(parseDeckCode('Refertal Code: Z2L1 WPR QW')).toBeNull();
    expect(parseDeckCode('')).toBeNull();
  });
});

const CAP = 30;

describe('readDeckCodeLine', () => {
  it('counts the letters of a garbled label read wrong, so the best read line can be told', () => {
    expect(readDeckCodeLine('DECK CODE: UH42XD')).toEqual({ code: 'UH42XD', labelErrors: 0 });
    expect(readDeckCodeLine('DECK C0DE: UH42XD')).toEqual({ code: 'UH42XD', labelErrors: 0 });
    expect(readDeckCodeLine('DECK COOE: KOPWAG')).toEqual({ code: 'KOPWAG', labelErrors: 1 });
    expect(readDeckCodeLine('OECK COOE: KOPWIG')).toEqual({ code: 'KOPWIG', labelErrors: 2 });
  });

  it("joins a code of the game's length that the line model split at a wide gap", () => {
    expect(readDeckCodeLine('DECK CODE: EWA J45')).toEqual({ code: 'EWAJ45', labelErrors: 0 });
    // Not a shorter code and a stray word after it.
    expect(readDeckCodeLine('DECK CODE: ABCD EF')).toEqual({ code: 'ABCDEF', labelErrors: 0 });
    expect(readDeckCodeLine('ODE: UH4 2XD art')).toEqual({ code: 'UH42XD', labelErrors: 0 });
    // Codes of other lengths are read whole, as before.
    expect(readDeckCodeLine('DECK CODE: ABCDEFGH')).toEqual({ code: 'ABCDEFGH', labelErrors: 0 });
    expect(readDeckCodeLine('DECK CODE: ABCDE')).toEqual({ code: 'ABCDE', labelErrors: 0 });
  });
});

describe('labelledWords', () => {
  const word = (text: string, x0: number) => ({ text, x0, x1: x0 + 10 * text.length, y0: 5, y1: 25 });
  const line = (...words: Array<ReturnType<typeof word>>) => ({
    text: words.map((w) => w.text).join(' '),
    x0: words[0].x0,
    x1: words[words.length - 1].x1,
    y0: 5,
    y1: 25,
    words,
  });

  it('boxes the label and the code, not the art a page read joined to their line', () => {
    const box = labelledWords([line(word('WU', 0), word('DECK', 40), word('CODE:', 90), word('X30TAL', 150))]);
    expect(box).toEqual({ x0: 40, y0: 5, x1: 210, y1: 25 });
  });

  it('finds the line by the end of its label where the start came out garbled', () => {
    // "Layout: other header" tuning seed 304: the page read gave "WU oECK CODE: X30Tal" for X3OT4I.
    const box = labelledWords([line(word('WU', 0), word('oECK', 40), word('CODE:', 90), word('X30Tal', 150))]);
    expect(box).toEqual({ x0: 90, y0: 5, x1: 210, y1: 25 });
    expect(labelledWords([line(word('Referral', 0), word('Code:', 90), word('YIT-VIR-ZU9', 150))])).toBeUndefined();
  });
});

describe('labelExemplars', () => {
  /** The line model's reading of the label, one character squarely on each glyph before the colon. */
  const labelRead = (line: Glyph[], colon: number, text = 'DECKCODE') =>
    line
      .slice(0, colon)
      .map((g, i) => ({ text: text[i], confidence: 90, x0: g.left, x1: g.left + g.width, y0: 0, y1: 1 }));

  it('takes the letters of CODE as they are printed', async () => {
    const { line, colon, capHeight } = await codeGlyphs('UH42XD');
    const exemplars = labelExemplars(line, colon, labelRead(line, colon), capHeight);
    expect(exemplars.map((e) => e.label).join('')).toBe('CODE');
    expect(exemplars.map((e) => e.glyph)).toEqual(line.slice(colon - 4, colon));
    // The line model's O read as a zero is still the label's O.
    expect(
      labelExemplars(line, colon, labelRead(line, colon, 'DECKC0DE'), capHeight)
        .map((e) => e.label)
        .join(''),
    ).toBe('CODE');
  });

  it('takes none where a letter of the label was read as another or broke apart', async () => {
    const { line, colon, capHeight } = await codeGlyphs('UH42XD');
    expect(labelExemplars(line, colon, labelRead(line, colon, 'DECKCXDE'), capHeight)).toEqual([]);
    // Blur broke the O in two: the four glyphs before the colon are no longer C, O, D, E.
    const o = line[colon - 3];
    const half = Math.floor(o.width / 2);
    const piece = (left: number, width: number): Glyph => ({
      ...o,
      left: o.left + left,
      width,
      ink: new Uint8Array(width * o.height).fill(1),
    });
    const broken = [
      ...line.slice(0, colon - 3),
      piece(0, half),
      piece(half + 1, o.width - half - 1),
      ...line.slice(colon - 2),
    ];
    expect(labelExemplars(broken, colon + 1, labelRead(line, colon), capHeight)).toEqual([]);
  });
});

describe('codeCharacters', () => {
  /**
   * A glyph like no character (a checkerboard of 5 px squares: the classifier has no say on it, and the line's
   * reading stands), or a J: a hook whose upper left is empty, hanging below the line.
   */
  const glyph = (left: number, width: number, height = CAP): Glyph => ({
    left,
    top: 0,
    width,
    height,
    ink: Uint8Array.from(
      { length: width * height },
      (_, i) => (Math.floor((i % width) / 5) + Math.floor(i / width / 5)) % 2,
    ),
  });
  const jGlyph = (left: number): Glyph => {
    const width = 12;
    const height = 36;
    const ink = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (x >= 7 || y >= 30) ink[y * width + x] = 1;
    return { left, top: 0, width, height, ink };
  };
  const symbol = (text: string, x0: number, width: number, confidence = 90) => ({
    text,
    confidence,
    x0,
    x1: x0 + width,
    y0: 0,
    y1: CAP,
  });
  const codeFromGlyphs = (glyphs: Glyph[], symbols: ReturnType<typeof symbol>[]): string =>
    spell(codeCharacters(glyphs, symbols));

  it('spells one character per glyph, keeping the surer of two read from one glyph', () => {
    const glyphs = [glyph(0, 26), glyph(32, 24), glyph(62, 25)];
    const symbols = [symbol('W', 0, 26), symbol('X', 31, 14, 40), symbol('K', 36, 20, 88), symbol('G', 62, 25)];
    expect(codeFromGlyphs(glyphs, symbols)).toBe('WKG');
  });

  it('counts a J the reading skipped or doubted', () => {
    const glyphs = [glyph(0, 24), jGlyph(28), glyph(44, 24)];
    expect(codeFromGlyphs(glyphs, [symbol('5', 0, 24), symbol('X', 44, 24)])).toBe('5JX');
    expect(codeFromGlyphs(glyphs, [symbol('5', 0, 24), symbol('I', 28, 12, 35), symbol('X', 44, 24)])).toBe('5JX');
  });

  /** A code drawn and cut as the reader cuts it, its characters read as `read` says, one symbol a glyph. */
  const readAs = async (drawnCode: string, read: string, fontSize?: number): Promise<string> => {
    const { glyphs } = await codeGlyphs(drawnCode, fontSize);
    return codeFromGlyphs(
      glyphs,
      glyphs.map((g, i) => symbol(read[i], g.left, g.width)),
    );
  };

  it('tells O from 0 and I from 1 by the glyph', async () => {
    expect(await readAs('KO0I1M', 'K0OI1M')).toBe('KO0I1M');
    expect(await readAs('KO0I1M', 'KOO11M')).toBe('KO0I1M');
    // At 10-11 px capitals, where a pixel is a tenth of the width that tells them apart.
    expect(await readAs('KO0I1M', 'K0O1IM', 14)).toBe('KO0I1M');
  });

  it.each([
    ['A', '4'],
    ['4', 'A'],
    ['L', '1'],
    ['1', 'L'],
    ['D', 'O'],
    ['9', 'S'],
    ['B', '8'],
    ['8', 'B'],
    ['8', '9'],
    ['8', 'S'],
    ['S', '8'],
    ['Z', '2'],
    ['9', 'Y'],
    ['Y', '9'],
    ['A', 'H'],
    ['H', 'A'],
    ['5', 'P'],
    ['P', '5'],
    ['3', 'B'],
    ['B', '3'],
    ['7', '1'],
    ['1', '7'],
    ['G', 'C'],
    ['Q', 'O'],
  ])('reads a %s drawn but read as %s by its glyph', async (drawnChar, readChar) => {
    expect(await readAs(`KX${drawnChar}WM`, `KX${readChar}WM`)).toBe(`KX${drawnChar}WM`);
  });

  it('keeps what the line read where the glyph agrees', async () => {
    expect(await readAs('UH42XD', 'UH42XD')).toBe('UH42XD');
    expect(await readAs('S58B39', 'S58B39', 15)).toBe('S58B39');
  });

  it('gives a glyph the reading squarely on it over a surer one half over the gap beside it', () => {
    // WebP tuning seed 96: the line read "3Z2ZXDQ", a phantom 2 (92) between the Zs, the first Z at 91.
    const glyphs = [glyph(0, 24), glyph(30, 24), glyph(60, 24)];
    const symbols = [symbol('3', 0, 24), symbol('Z', 30, 24, 91), symbol('2', 46, 20, 92), symbol('Z', 60, 24, 97)];
    expect(codeFromGlyphs(glyphs, symbols)).toBe('3ZZ');
  });

  it('spells both characters of a glyph two characters wide (joined by blur), left to right', () => {
    // The model's box for the K spans both; the T's sits on the right half.
    const glyphs = [glyph(0, 24), glyph(30, 54), glyph(90, 24)];
    const symbols = [symbol('X', 0, 24), symbol('K', 30, 54, 99), symbol('T', 60, 24, 95), symbol('M', 90, 24)];
    expect(codeFromGlyphs(glyphs, symbols)).toBe('XKTM');
    // The T's box spans both and starts left of the Y's: the boxes' centres keep the order.
    expect(codeFromGlyphs([glyph(0, 54)], [symbol('Y', 2, 24, 97), symbol('T', 0, 54, 98)])).toBe('YT');
    // A W is as wide as 1.46 capital heights: one character, however it was read.
    expect(codeFromGlyphs([glyph(0, 42)], [symbol('V', 0, 20, 60), symbol('W', 0, 42)])).toBe('W');
  });

  it('takes a stem broken off a character, inside the box read on it, for part of it', () => {
    // Dim and blurred, an H's crossbar fades and its left stem is a glyph of its own.
    const barAndStem: Glyph = {
      ...glyph(37, 12),
      ink: Uint8Array.from({ length: 12 * CAP }, (_, i) => (i % 12 >= 7 || (i >= 12 * 12 && i < 12 * 18) ? 1 : 0)),
    };
    const glyphs = [glyph(0, 24), glyph(30, 5), barAndStem, glyph(55, 24)];
    expect(codeFromGlyphs(glyphs, [symbol('U', 0, 24), symbol('H', 30, 19), symbol('X', 55, 24)])).toBe('UHX');
    // A D's broken-off bowl read as a less sure I.
    const bowl: Glyph = {
      ...glyph(44, 10),
      ink: Uint8Array.from({ length: 10 * CAP }, (_, i) =>
        i % 10 >= 6 && (i < 10 * 6 || i >= 10 * (CAP - 6)) ? 0 : 1,
      ),
    };
    const broken = [glyph(0, 24), glyph(30, 12), bowl, glyph(60, 16)];
    expect(
      codeFromGlyphs(broken, [
        symbol('U', 0, 24),
        symbol('D', 30, 24, 99),
        symbol('I', 42, 8, 87),
        symbol('X', 60, 16, 94),
      ]),
    ).toBe('UDX');
    // A 1 whose flag JPEG broke off its stem: joined again, it is as wide as a 1, not a bare I.
    expect(
      codeFromGlyphs([glyph(0, 24), glyph(30, 4, 8), glyph(36, 8)], [symbol('U', 0, 24), symbol('1', 30, 14)]),
    ).toBe('U1');
    // But a box over two glyphs wider than one character together spans two characters: the first
    // is no piece of the second. It is the first's, whose own reading the second holds squarely.
    expect(codeFromGlyphs([glyph(0, 24), glyph(28, 24)], [symbol('K', 1, 51, 98), symbol('X', 28, 24, 97)])).toBe('KX');
  });

  it('leaves a glyph with no character unread, for a second look', () => {
    expect(codeFromGlyphs([glyph(0, 24), glyph(40, 24)], [symbol('K', 0, 24)])).toBe(`K${UNREAD}`);
  });

  it('gives a glyph left unread the nearer of two characters its neighbour holds, when that box lies over it too', () => {
    // The L's box ran from the L's left edge to the O's right edge, a little more over the O (other
    // background tuning seed 189).
    const glyphs = [glyph(0, 18), glyph(20, 18), glyph(40, 18)];
    expect(codeFromGlyphs(glyphs, [symbol('F', 0, 18), symbol('L', 21, 37, 98), symbol('X', 42, 16, 98)])).toBe('FLX');
    // Not from a glyph two characters wide, whose two readings are its own.
    expect(codeFromGlyphs([glyph(0, 18), glyph(24, 60)], [symbol('Y', 10, 34), symbol('T', 54, 30)])).toBe(
      `${UNREAD}YT`,
    );
  });

  it('takes a bare bar left without a character for an I', () => {
    // The model's "I" spans the J and the bar after it, and the J, overlapping it most, takes it.
    const bar: Glyph = { ...glyph(44, 8), ink: new Uint8Array(8 * CAP).fill(1) };
    const glyphs = [glyph(0, 24), jGlyph(28), bar, glyph(56, 24)];
    expect(codeFromGlyphs(glyphs, [symbol('K', 0, 24), symbol('I', 28, 24, 6), symbol('X', 56, 24)])).toBe('KJIX');
  });
});

describe('second looks', () => {
  /** The code's characters as the line read them (`read`), on the glyphs of `drawnCode`. */
  const characters = async (read: string, drawnCode = read, fontSize?: number): Promise<CodeCharacter[]> => {
    const { glyphs } = await codeGlyphs(drawnCode, fontSize);
    return [...read].map((char, i) => ({ char, glyph: glyphs[i], read: char === UNREAD ? undefined : char }));
  };
  const look = (position: number, text: string, confidence = 96) => ({ position, text, confidence });
  const settled = async (read: string, drawnCode: string, looks: ReturnType<typeof look>[]) =>
    settleBySecondLook(await characters(read, drawnCode), looks);

  it('are taken at characters with learnt look-alikes, or whose glyph looks like another, with a glyph of their own', async () => {
    const classifier = codeGlyphClassifier();
    const withLookalikes = (code: string) => [...code].flatMap((c, i) => (classifier.lookalikesOf(c) ? [i] : []));
    expect(secondLookPositions(await characters('UH42XD'))).toEqual(withLookalikes('UH42XD'));
    expect(withLookalikes('UH42XD')).not.toContain(2);
    // The line read 4 on an A: its glyph looks like another character.
    expect(secondLookPositions(await characters('UH42XD', 'UHA2XD'))).toContain(2);
    // Two characters joined on one glyph have no glyph of their own to read.
    const [, ...rest] = await characters('58S');
    expect(secondLookPositions([{ char: '5' }, ...rest])).toEqual(withLookalikes('58S').filter((i) => i > 0));
  });

  it('overrule the line where they are sure of another character', async () => {
    expect(await settled('HYSMQH', 'HY5MQH', [look(2, '5')])).toBe('HY5MQH');
    expect(await settled('V87MRS', 'VB7MRS', [look(1, 'B\n'), look(5, 'S')])).toBe('VB7MRS');
    expect(await settled('NAXEGY', 'NAXE6Y', [look(4, '6', 96)])).toBe('NAXE6Y');
    expect(await settled('FQUYEO', 'F9UYEO', [look(1, '9', 88)])).toBe('F9UYEO');
    expect(await settled('742OIA', '742QIA', [look(3, 'Q', 90)])).toBe('742QIA');
  });

  it('read an unread glyph, at any confidence: the line read lost its character', async () => {
    const code = await characters(`8Y${UNREAD}JN5`, '8YTJN5');
    expect(secondLookPositions(code)).toContain(2);
    expect(settleBySecondLook(code, [look(2, 'T', 40)])).toBe('8YTJN5');
    // A look that reads nothing leaves the glyph to the classifier, which takes a clean T for a T.
    expect(settleBySecondLook(code, [look(2, '')])).toBe('8YTJN5');
  });

  it("leave the line's reading where they are unsure, read nothing or no code character", async () => {
    expect(await settled('575VTX', '575VTX', [look(2, 'S', 65)])).toBe('575VTX');
    expect(await settled('KB2Q4S', 'KB2Q4S', [look(1, '3', 79), look(5, ''), look(4, 'P4'), look(3, '-')])).toBe(
      'KB2Q4S',
    );
  });

  it('are weighed against the glyph, with the line reading as their rival: alone, an O reads as 0 or D and a J as 1', async () => {
    expect(await settled('R91OBL', 'R91OBL', [look(3, '0', 96)])).toBe('R91OBL');
    expect(await settled('OPH0TC', 'OPH0TC', [look(0, 'D', 84)])).toBe('OPH0TC');
    expect(await settled('XJX', 'XJX', [look(1, '1', 82)])).toBe('XJX');
    // A sure look at another character stands where the glyph is that character.
    expect(await settled('XJX', 'X1X', [look(1, '1', 82)])).toBe('X1X');
  });

  it('that agree with the line confirm it', async () => {
    expect(await settled('UH42XD', 'UH42XD', [look(3, '2', 60), look(5, 'D', 90)])).toBe('UH42XD');
  });
});
