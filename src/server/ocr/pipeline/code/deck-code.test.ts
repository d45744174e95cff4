import {
  UNREAD,
  codeCharacters,
  parseDeckCode,
  readDeckCodeLine,
  secondLookPositions,
  settleBySecondLook,
  spell,
  type CodeCharacter,
} from './deck-code';
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
/** A glyph drawn in a grid of cells ('#' ink) five wide, each cell width / 5 wide and 30 px (the capital height) / rows high. */
const drawn = (left: number, rows: string[], width = 30): Glyph => {
  const ink = new Uint8Array(width * CAP);
  for (let y = 0; y < CAP; y++)
    for (let x = 0; x < width; x++)
      ink[y * width + x] = rows[Math.floor((y * rows.length) / CAP)][Math.floor((x * 5) / width)] === '#' ? 1 : 0;
  return { left, top: 0, width, height: CAP, ink };
};
const SHAPES: Record<string, string[]> = {
  A: ['..#..', '.#.#.', '#####', '#...#', '#...#'],
  4: ['...#.', '..##.', '.#.#.', '#####', '...#.'],
  L: ['#....', '#....', '#....', '#....', '#####'],
  1: ['.##..', '#.#..', '..#..', '..#..', '#####'],
  D: ['####.', '#...#', '#...#', '#...#', '####.'],
  S: ['.####', '#....', '.###.', '....#', '####.'],
  9: ['.###.', '#...#', '.####', '....#', '.###.'],
  B: ['####.', '#...#', '####.', '#...#', '####.'],
  // Pinched at the waist (rows of 2 px), where a B's stem runs straight down.
  8: [
    '.###.',
    '#...#',
    '#...#',
    '#...#',
    '#...#',
    '#...#',
    '#...#',
    '.###.',
    '#...#',
    '#...#',
    '#...#',
    '#...#',
    '#...#',
    '#...#',
    '.###.',
  ],
  Z: ['#####', '...#.', '..#..', '.#...', '#####'],
  Y: ['#...#', '.#.#.', '..#..', '..#..', '..#..'],
  H: ['#...#', '#...#', '#####', '#...#', '#...#'],
  P: ['####.', '#...#', '####.', '#....', '#....'],
  5: ['#####', '#....', '####.', '....#', '####.'],
  3: ['####.', '....#', '.###.', '....#', '####.'],
  7: ['#####', '....#', '...#.', '..#..', '.#...'],
};

describe('readDeckCodeLine', () => {
  it('counts the letters of a garbled label read wrong, so the best read line can be told', () => {
    expect(readDeckCodeLine('DECK CODE: UH42XD')).toEqual({ code: 'UH42XD', labelErrors: 0 });
    expect(readDeckCodeLine('DECK C0DE: UH42XD')).toEqual({ code: 'UH42XD', labelErrors: 0 });
    expect(readDeckCodeLine('DECK COOE: KOPWAG')).toEqual({ code: 'KOPWAG', labelErrors: 1 });
    expect(readDeckCodeLine('OECK COOE: KOPWIG')).toEqual({ code: 'KOPWIG', labelErrors: 2 });
  });
});

describe('codeCharacters', () => {
  /** A solid glyph (a filled box), or a J: a hook whose upper left is empty, hanging below the line. */
  const glyph = (left: number, width: number, height = CAP): Glyph => ({
    left,
    top: 0,
    width,
    height,
    ink: new Uint8Array(width * height).fill(1),
  });
  const jGlyph = (left: number): Glyph => {
    const width = 12;
    const height = 36;
    const ink = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (x >= 7 || y >= 30) ink[y * width + x] = 1;
    return { left, top: 0, width, height, ink };
  };
  /** An O's outline: a ring whose corners are cut round. */
  const ring = (left: number, width: number): Glyph => {
    const ink = new Uint8Array(width * CAP);
    const stroke = 5;
    for (let y = 0; y < CAP; y++) {
      for (let x = 0; x < width; x++) {
        const edge = x < stroke || y < stroke || x >= width - stroke || y >= CAP - stroke;
        const corner = (x < width * 0.25 || x >= width * 0.75) && (y < CAP * 0.2 || y >= CAP * 0.8);
        if (edge && !corner) ink[y * width + x] = 1;
      }
    }
    return { left, top: 0, width, height: CAP, ink };
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

  it('tells O from 0 and I from 1 by width', () => {
    const glyphs = [ring(0, 30), ring(40, 24), glyph(70, 8), drawn(85, SHAPES[1])];
    const symbols = [symbol('0', 0, 30), symbol('O', 40, 24), symbol('1', 70, 8), symbol('I', 85, 30)];
    expect(codeFromGlyphs(glyphs, symbols)).toBe('O0I1');
  });

  it('tells an O from a zero as wide by its round hole (10 px under 11 px capitals)', () => {
    const art = (rows: string[]): Glyph => ({
      left: 0,
      top: 0,
      width: rows[0].length,
      height: rows.length,
      ink: Uint8Array.from(rows.join(''), (c) => (c === '#' ? 1 : 0)),
    });
    // Bench tuning seed 86 in a phone frame: by width alone it was a zero ("U0HP45").
    const o = art([
      '..######..',
      '.###..###.',
      '##.....###',
      '##......##',
      '##......##',
      '##......##',
      '##......##',
      '##......##',
      '###....###',
      '.########.',
      '....#.....',
    ]);
    // Bench tuning seed 66 as sent: a zero of the same width, its sides closer together.
    const zero = art([
      '...####...',
      '..##..##..',
      '.##....##.',
      '.##.....#.',
      '.##....###',
      '###....###',
      '###....###',
      '.##....###',
      '.###...##.',
      '..##..##..',
      '...####...',
    ]);
    expect(codeFromGlyphs([o], [symbol('0', 0, 10)])).toBe('O');
    expect(codeFromGlyphs([zero], [symbol('O', 0, 10)])).toBe('0');
  });

  it('takes a zero of 10 px capitals with a pixel in its left corners for no D', () => {
    const rows = [
      '..####..',
      '##....##',
      '##....##',
      '##....##',
      '##....##',
      '##....##',
      '##....##',
      '##....##',
      '##....##',
      '..####..',
    ];
    const zero: Glyph = {
      left: 0,
      top: 0,
      width: 8,
      height: 10,
      ink: Uint8Array.from(rows.join(''), (c) => (c === '#' ? 1 : 0)),
    };
    expect(codeFromGlyphs([zero], [symbol('O', 0, 8)])).toBe('0');
  });

  it('takes a blocky zero, its corners as square on the right as on the left, for no D', () => {
    const rows = [
      '.######.',
      '########',
      '##....##',
      '##....##',
      '##....##',
      '##....##',
      '##....##',
      '##....##',
      '##....##',
      '##....##',
      '########',
      '.######.',
    ];
    const zero: Glyph = {
      left: 0,
      top: 0,
      width: 8,
      height: 12,
      ink: Uint8Array.from(rows.join(''), (c) => (c === '#' ? 1 : 0)),
    };
    expect(codeFromGlyphs([zero], [symbol('O', 0, 8)])).toBe('0');
    expect(codeFromGlyphs([zero], [symbol('D', 0, 8)])).toBe('0');
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
    // Read as an S, the 8 is first taken for a 9 (closed at the upper right), then for an 8.
    ['8', 'S'],
    // And the other way: an S read as 8 is open below the middle (no 8), then at the upper right (no 9).
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
  ])('reads a %s drawn but read as %s by its shape', (drawnChar, readChar) => {
    expect(codeFromGlyphs([drawn(0, SHAPES[drawnChar])], [symbol(readChar, 0, 30)])).toBe(drawnChar);
  });

  it("keeps a 4 whose bar lies one row above its bottom, 10 px high: an A's foot reaches the bottom row", () => {
    // WebP tuning seed 88: the line and a look at the glyph both read 4; its lower eighth took in the bar.
    const rows = [
      '....##..',
      '...###..',
      '...###..',
      '..#.###.',
      '.#..##..',
      '#...###.',
      '#...###.',
      '########',
      '########',
      '....###.',
    ];
    const four: Glyph = {
      left: 0,
      top: 0,
      width: 8,
      height: 10,
      ink: Uint8Array.from(rows.join(''), (c) => (c === '#' ? 1 : 0)),
    };
    expect(codeFromGlyphs([four], [symbol('4', 0, 8)])).toBe('4');
  });

  it('measures no strokes on capitals under 10 px: a 4 smeared solid by JPEG stays a 4', () => {
    expect(codeFromGlyphs([glyph(0, 7, 9)], [symbol('4', 0, 7)])).toBe('4');
    expect(codeFromGlyphs([glyph(0, 23, 30)], [symbol('4', 0, 23)])).toBe('A');
  });

  it("keeps a narrow 2 a 2, even open at the upper right (the game's 2 at low resolution)", () => {
    expect(codeFromGlyphs([drawn(0, SHAPES.Z, 17)], [symbol('2', 0, 17)])).toBe('2');
  });

  it('gives a glyph the reading squarely on it over a surer one half over the gap beside it', () => {
    // WebP tuning seed 96: the line read "3Z2ZXDQ", a phantom 2 (92) between the Zs, the first Z at 91.
    const glyphs = [drawn(0, SHAPES[3], 24), glyph(30, 24), glyph(60, 24)];
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
    const glyphs = [glyph(0, 24), jGlyph(28), glyph(44, 8), glyph(56, 24)];
    expect(codeFromGlyphs(glyphs, [symbol('K', 0, 24), symbol('I', 28, 24, 6), symbol('X', 56, 24)])).toBe('KJIX');
  });
});

describe('second looks', () => {
  const stub: Glyph = { left: 0, top: 0, width: 1, height: 1, ink: new Uint8Array(1) };
  const characters = (code: string): CodeCharacter[] => [...code].map((char) => ({ char, glyph: stub }));
  const look = (position: number, text: string, confidence = 96) => ({ position, text, confidence });
  const settled = (code: string, looks: ReturnType<typeof look>[]) => settleBySecondLook(characters(code), looks);

  it('are taken at characters with a look-alike and a glyph of their own', () => {
    expect(secondLookPositions(characters('UH42XD'))).toEqual([1, 2, 3, 5]);
    expect(secondLookPositions(characters('KPRWXE'))).toEqual([]);
    // Two characters joined on one glyph have no glyph of their own to read.
    expect(secondLookPositions([{ char: '5' }, ...characters('S8')])).toEqual([1, 2]);
  });

  it('overrule the line where they are sure of another character', () => {
    expect(settled('HYSMQH', [look(2, '5')])).toBe('HY5MQH');
    expect(settled('V87MRS', [look(1, 'B\n'), look(5, 'S')])).toBe('VB7MRS');
    expect(settled('NAXEGY', [look(4, '6', 96)])).toBe('NAXE6Y');
    expect(settled('FQUYEO', [look(1, '9', 88)])).toBe('F9UYEO');
    // A 1 the line read right and its narrow, blurred glyph made an I.
    expect(settled('XIYOEA', [look(1, '1', 81)])).toBe('X1YOEA');
    // A Q the line read as O.
    expect(settled('742OIA', [look(3, 'Q', 90)])).toBe('742QIA');
  });

  it('read an unread glyph, at any confidence: the line read lost its character', () => {
    expect(secondLookPositions(characters(`8Y${UNREAD}JN5`))).toEqual([0, 2, 3, 4, 5]);
    expect(settled(`8Y${UNREAD}JN5`, [look(2, 'T', 40)])).toBe('8YTJN5');
    expect(settled(`8Y${UNREAD}JN5`, [look(2, '')])).toBe(`8Y${UNREAD}JN5`);
  });

  it("leave the line's reading where they are unsure, read nothing or no code character", () => {
    expect(settled('575VTX', [look(2, 'S', 65)])).toBe('575VTX');
    expect(settled('KB2Q4S', [look(1, '3', 79), look(5, ''), look(4, 'P4'), look(3, '-')])).toBe('KB2Q4S');
  });

  it("are settled by the glyph's shape, as the line's reading is, but for a 1", () => {
    const four = drawn(0, SHAPES[4]);
    expect(
      settleBySecondLook(
        [
          { char: '4', glyph: four },
          { char: 'X', glyph: four },
        ],
        [look(0, 'A')],
      ),
    ).toBe('4X');
    const one = drawn(0, ['.#...', '##...', '.#...', '.#...', '.#...'], 6);
    expect(settleBySecondLook([{ char: 'I', glyph: one }], [look(0, '1', 81)])).toBe('1');
  });

  it('take what both the line and the look read over the strokes, but for O/0 and I/1 by width', () => {
    // Warm + dim + blur tuning seed 96: blur rounded a D's corners, and the line and a look read D.
    const round = drawn(0, ['.###.', '#...#', '#...#', '#...#', '.###.']);
    expect(settleBySecondLook([{ char: 'O', glyph: round, read: 'D' }], [look(0, 'D', 90)])).toBe('D');
    // A look of another character than the line's is settled by the strokes, as before.
    const boxy = drawn(0, SHAPES.B);
    expect(settleBySecondLook([{ char: 'B', glyph: boxy, read: 'B' }], [look(0, '8')])).toBe('B');
    // Agreeing, a look confirms the line from 50; another character needs 80.
    const flagged = drawn(0, SHAPES[1]);
    expect(settleBySecondLook([{ char: '1', glyph: flagged, read: 'L' }], [look(0, 'L', 66)])).toBe('L');
    expect(settleBySecondLook([{ char: '1', glyph: flagged, read: '1' }], [look(0, 'L', 66)])).toBe('1');
    // A 1 both read on a bare bar is an I unless the look is sure (other background tuning seed 72).
    const bar = drawn(0, ['#####', '#####', '#####', '#####', '#####'], 7);
    expect(settleBySecondLook([{ char: 'I', glyph: bar, read: '1' }], [look(0, '1', 73)])).toBe('I');
    expect(settleBySecondLook([{ char: 'I', glyph: bar, read: '1' }], [look(0, '1', 81)])).toBe('1');
    const narrow = drawn(0, ['.###.', '#...#', '#...#', '#...#', '.###.'], 18);
    expect(settleBySecondLook([{ char: '0', glyph: narrow, read: 'O' }], [look(0, 'O', 90)])).toBe('0');
  });

  it('leave a glyph shaped like a J a J', () => {
    // 36 px high under 30 px capitals, 12 wide: a stem on the right, a hook at the lower left.
    const hook: Glyph = {
      left: 40,
      top: 0,
      width: 12,
      height: 36,
      ink: Uint8Array.from({ length: 12 * 36 }, (_, i) => (i % 12 >= 7 || (i >= 12 * 30 && i % 12 >= 1) ? 1 : 0)),
    };
    const code = [
      { char: 'X', glyph: drawn(0, SHAPES.Z) },
      { char: 'J', glyph: hook },
      { char: 'X', glyph: drawn(60, SHAPES.Z) },
    ];
    expect(settleBySecondLook(code, [look(1, '1', 82)])).toBe('XJX');
    // A J read on a glyph of capital height is no J's shape: a sure look mends it.
    expect(settleBySecondLook([code[0], { char: 'J', glyph: drawn(40, SHAPES[1]) }, code[2]], [look(1, '1', 82)])).toBe(
      'X1X',
    );
  });

  it('leave an O to its width and corners: alone, an O reads as 0 or D', () => {
    expect(settled('R91OBL', [look(3, '0', 96)])).toBe('R91OBL');
    expect(settled('OPH0TC', [look(0, 'D', 84)])).toBe('OPH0TC');
  });
});
