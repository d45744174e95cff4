/**
 * Names found where they are (issue 35): a restyled tile's name is found from the tile's own lines,
 * light or dark, while the game's own tiles keep their usual place.
 */
import { readFileSync } from 'node:fs';
import { CatalogIndex } from '../catalog/catalog-index';
import { generateScreenshot, type GeneratedLayout } from '../../demo/share-screenshot';
import { benchSample } from '../../../../test/support/bench-samples';
import { REAL_SCREENSHOT, loadRealCatalog } from '../../../../test/support/real-data';
import { readDeckImage } from '../runtime/read-deck-image';
import { createOcrPool, type OcrPool } from '../runtime/worker-pool';
import { analysisCopy, edgeMaps } from './edge-maps';
import { decodeImage } from './image-input';
import { darkTextCopy, findNameLines, isFaintLine } from './name-lines';
import { asNameText, foundNamePlace, namePlace, type NamePlace } from './name-reading';
import { locate } from './read-deck';
import { findTiles } from './tile-finder';
import type { TextLine } from './text-crops';
import type { RgbImage, TileGrid } from './tile-grid';

const catalog = loadRealCatalog();
const index = new CatalogIndex(catalog);
let pool: OcrPool;

beforeAll(async () => {
  pool = await createOcrPool({ size: 2, jobTimeoutMs: 120_000 });
});
afterAll(async () => {
  await pool?.close();
});

async function located(image: Buffer): Promise<{ img: RgbImage; grid: TileGrid }> {
  const img = await decodeImage(image);
  const grid = findTiles(edgeMaps(await analysisCopy(img), img.width));
  if (!grid) throw new Error('no grid');
  return { img, grid };
}

type CardPick = (card: { code: string; name: string }) => boolean;

/** A bench sample (`benchSample`) and where in it is the card `pick` finds in its truth. */
async function benchCard(className: string, seed: number, base: number, pick: CardPick) {
  const { sample } = await benchSample(className, seed, base);
  const at = sample.truth.cards.findIndex(pick);
  expect(at).toBeGreaterThanOrEqual(0);
  return { sample, at };
}

/**
 * The tile of a bench sample that holds the card `pick` finds (`benchCard`), in the located
 * image: the setup of each test below that keeps a case the benchmark found.
 */
async function benchTile(className: string, seed: number, base: number, pick: CardPick) {
  const { sample, at } = await benchCard(className, seed, base, pick);
  const { img, grid } = await located(sample.image);
  return { sample, at, img, tile: grid.tiles[at] };
}

describe('name lines', () => {
  it('keeps the usual place on every tile of the real share screenshot, so it reads as before', async () => {
    const { img, grid } = await located(readFileSync(REAL_SCREENSHOT));
    const dark = darkTextCopy(img);
    const tiles = grid.tiles.slice(0, 18);
    expect(tiles).toHaveLength(18);
    for (const tile of tiles)
      expect(foundNamePlace(img, tile, namePlace(img, tile), findNameLines(img, dark, tile)[0])).toBeNull();
  });

  it.each(['restyled: name band high', 'restyled: name band low', 'restyled: art wide', 'restyled: bright bodies'])(
    'finds a name of two letters on every tile of "%s", not the wider ability title under it',
    async (className) => {
      // Decks of the catalog's two-letter names, as the benchmark spoils them: PI, a narrow P beside
      // a bar, is about as wide as tall, as the round rarity badge is. It was missed in every one of
      // these classes but band low on tuning seeds 241-242; here, without the two glyphs counted,
      // on bright bodies, where the ability's title was taken for it.
      const twoLetters = catalog.filter((c) => c.name.replace(/[^\p{L}\p{N}]/gu, '').length === 2);
      expect(twoLetters.length).toBeGreaterThanOrEqual(7);
      const decks = [...twoLetters, ...catalog.filter((c, i) => i % 97 === 0 && !twoLetters.includes(c))];
      let seen = 0;
      for (const [seed, base] of [
        [241, 0],
        [241, 1],
        [242, 0],
        [242, 1],
      ]) {
        const { sample } = await benchSample(className, seed, base, decks);
        const { img, grid } = await located(sample.image);
        const darkCopy = darkTextCopy(img);
        sample.truth.cards.forEach((card, at) => {
          if (!twoLetters.some((c) => c.code === card.code)) return;
          const tile = grid.tiles[at];
          const found = findNameLines(img, darkCopy, tile)[0];
          // A name's capitals are 0.037-0.046 of the tile high; the title's letters 0.02-0.025.
          expect(found, `${card.name}, seed ${seed}`).toBeDefined();
          expect(found.capitalHeight / tile.height, `${card.name}, seed ${seed}`).toBeGreaterThan(0.03);
          seen++;
        });
      }
      expect(seen).toBeGreaterThanOrEqual(8);
    },
  );

  it.each<GeneratedLayout>(['restyled-band-high', 'restyled-art-wide'])(
    'finds the light name line of every tile of a %s image, above the usual place',
    async (layout) => {
      const shot = await generateScreenshot(catalog, { seed: 101, layout, png: true });
      const { img, grid } = await located(shot.image);
      const darkCopy = darkTextCopy(img);
      for (const tile of grid.tiles.slice(0, 18)) {
        const found = findNameLines(img, darkCopy, tile)[0];
        expect(found?.dark).toBe(false);
        // These restyles put the name well above the usual 0.778 of the tile.
        const centre = (found!.line.top + found!.line.bottom) / 2;
        expect((centre - tile.top) / tile.height).toBeLessThan(0.7);
      }
    },
  );

  it.each<GeneratedLayout>([
    'restyled-band-high',
    'restyled-band-low',
    'restyled-art-square',
    'restyled-art-wide',
    'restyled-bright',
    'restyled-name-face',
  ])('reads all 18 cards of a %s image', async (layout) => {
    const shot = await generateScreenshot(catalog, { seed: 103, layout });
    const reading = await readDeckImage(shot.image, { pool, index });
    expect(reading.cards.map(({ code, name }) => ({ code, name }))).toEqual(
      shot.truth.cards.map(({ code, name }) => ({ code, name })),
    );
  });

  it('reads the next most name-like line where the line found and the usual place read no name', async () => {
    // "Name band high" unseen seed 39329: the rarity badge with its LIMITED CARD label outranked
    // WITCH, clean below it, and read "Ta A"; the usual place held the ability's title.
    const { sample } = await benchSample('restyled: name band high', 39329, 1);
    const reading = await readDeckImage(sample.image, { pool, index });
    expect(reading.cards.map(({ code }) => code)).toContain('ACHA005');
    expect(reading.cards.map(({ code }) => code)).toEqual(sample.truth.cards.map(({ code }) => code));
  });

  it('reads the name found where the usual place, holding a label and part of the name, fits another card', async () => {
    // "Name band low" unseen seed 39393: the usual place took in the PROTECTED label and the top
    // of DEATH (XIII), read "PROTECTED SHEE" and fit Sheep at 0.8; the name found below it read
    // "DEATH (XH)" (0.7), and Sheep was taken without another look.
    const { sample } = await benchSample('restyled: name band low', 39393, 0);
    const reading = await readDeckImage(sample.image, { pool, index });
    expect(reading.cards.map(({ code }) => code)).toContain('ACTA048');
    expect(reading.cards.map(({ code }) => code)).toEqual(sample.truth.cards.map(({ code }) => code));
  });

  it('reads the code where a short name read one edit off fits two cards: EROS in a serif face read "FROS"', async () => {
    // "Other name face" unseen seed 39394: "FROS" fit Frost at 0.8 and Eros at 0.75, and Frost was
    // taken without a look at the code, ACEV011, printed clearly above the name.
    const { sample } = await benchSample('restyled: other name face', 39394, 0);
    const reading = await readDeckImage(sample.image, { pool, index });
    expect(reading.cards.map(({ code }) => code)).toContain('ACEV011');
    expect(reading.cards.map(({ code }) => code)).not.toContain('SFN010');
  });

  it('takes no rarity badge for a short name in the real screenshot, dimmed, warmed and blurred', async () => {
    // Bench tuning seed 101: the badge above THE DOOR TO HELL, blurred to 0.07 of the tile wide,
    // passed for a name as narrow as "IO" and read "I)", the card "i".
    const { sample } = await benchSample('warm + dim 0.85 + blur 0.7', 101, 0);
    const reading = await readDeckImage(sample.image, { pool, index });
    expect(reading.cards.map(({ code }) => code)).toEqual(sample.truth.cards.map(({ code }) => code));
  });

  it.each([
    ['restyled: art square', 39056, 'R.U.R. (1920)'],
    ['restyled: art wide', 39053, 'The Star (XVII)'],
  ] as const)(
    'finds a name in brackets on a tile of %s (seed %i), its box taller than its capitals',
    async (className, seed, name) => {
      // The brackets reach above and below the capitals, so the line's box was a quarter ink (0.247)
      // against the capitals' third: no name line was found, and the usual place read only art.
      const { sample, at, img, tile } = await benchTile(className, seed, 1, (c) => c.name === name);
      expect(findNameLines(img, darkTextCopy(img), tile)[0]).toBeDefined();
      const reading = await readDeckImage(sample.image, { pool, index });
      expect(reading.cards[at]).toMatchObject({ code: sample.truth.cards[at].code, name });
    },
  );

  it('takes no rarity badge beside art for a name: too few strokes for a line of its capitals', async () => {
    // "Name band high" unseen seed 39432: the LIMITED CARD badge's solid triangle and a white patch of
    // art beside it made a line 115 px wide of 18 px "capitals" in two runs of ink; it outscored
    // FORGET-ME-NOT (184 px of 15 px capitals) and read "hel", the card Hel exactly.
    const isName = (c: { name: string }) => c.name === 'Forget-Me-Not';
    const { sample, at, img, tile } = await benchTile('restyled: name band high', 39432, 1, isName);
    const [found] = findNameLines(img, darkTextCopy(img), tile);
    expect((found.line.right - found.line.left) / tile.width).toBeGreaterThan(0.6);
    const reading = await readDeckImage(sample.image, { pool, index });
    expect(reading.cards[at]).toMatchObject({ name: 'Forget-Me-Not' });
  });

  it('takes a short name whose capitals are stems between bars, not the wider ability title under it', async () => {
    // Bench seed 408 of art wide: SET's bars fill 7 of its 12 rows, so its capitals measured 7 rows
    // and the pink "Ability of Set" under it, wider, looked more like a name.
    const { sample, at, img, tile } = await benchTile('restyled: art wide', 408, 1, (c) => c.name === 'Set');
    const found = findNameLines(img, darkTextCopy(img), tile)[0];
    expect(found?.capitalHeight).toBeGreaterThanOrEqual(10);
    const reading = await readDeckImage(sample.image, { pool, index });
    expect(reading.cards[at]).toMatchObject({ code: 'ACEM028', name: 'Set' });
  });

  it('takes a name of two capitals, not the ability title under it, three times as wide', async () => {
    // Bench seed 448 of name band high: K2's capitals are 12 px, the title "Ability of K2" under
    // it 7 px and 67 px wide to K2's 20; its pink box, blurred by JPEG, passed for a bright body.
    // Width times height squared made the title the name, and K2 was lost.
    const { sample, at, img, tile } = await benchTile('restyled: name band high', 448, 0, (c) => c.name === 'K2');
    const found = findNameLines(img, darkTextCopy(img), tile)[0];
    expect(found?.dark).toBe(false);
    expect(found?.capitalHeight).toBeGreaterThanOrEqual(10);
    const reading = await readDeckImage(sample.image, { pool, index });
    expect(reading.cards[at]).toMatchObject({ code: 'SMT004', name: 'K2' });
  });

  it('takes a name set on two lines of the smallest font, not the wider bold ability title under it', async () => {
    // Bench seed 336 of art wide: "Ability of Ludwig I of Ba", 114 px wide at capitals of 6 px,
    // outscored each line of LUDWIG I OF BAVARIA AND / THERESE OF SAXE-HILDBURGHAUSEN alone.
    const name = 'Ludwig I of Bavaria and Therese of Saxe-Hildburghausen';
    const { img, tile } = await benchTile('restyled: art wide', 336, 0, (c) => c.name === name);
    const found = findNameLines(img, darkTextCopy(img), tile)[0];
    expect(found?.dark).toBe(false);
    // The lower of the name's two lines, above the ability box.
    expect((found!.line.bottom - tile.top) / tile.height).toBeLessThan(0.6);
  });

  it('takes no thin rim of art across the tile for a short name on a small tile', async () => {
    // Bench seed 439 of band low (162 px tiles): the light rim where the art meets the dark body
    // fills whole rows but one or two rows of each column; it outscored NĀGA and the name read "mY, mm".
    const { sample, at, img, tile } = await benchTile('restyled: name band low', 439, 1, (c) => c.name === 'Nāga');
    const found = findNameLines(img, darkTextCopy(img), tile)[0];
    expect((found!.line.top - tile.top) / tile.height).toBeGreaterThan(0.8);
    const reading = await readDeckImage(sample.image, { pool, index });
    expect(reading.cards[at]).toMatchObject({ code: 'LMC043' });
  });

  it('reads the faint dark code of a bright body on its own row, to tell one Piranha from the other', async () => {
    // Bench seed 405 of bright bodies: the code band above the name also held the rarity badge,
    // whose contrast left the pale grey OFF025 unread ("NN"), and OFI025, the other Piranha, was taken.
    const { sample, at, img, tile } = await benchTile('restyled: bright bodies', 405, 1, (c) => c.code === 'OFF025');
    const place = foundNamePlace(img, tile, namePlace(img, tile), findNameLines(img, darkTextCopy(img), tile)[0]);
    expect(place?.codes.regions.length).toBe(2);
    const reading = await readDeckImage(sample.image, { pool, index });
    expect(reading.cards[at]).toMatchObject({ code: 'OFF025', name: 'Piranha' });
  });

  it('reads a name in the smallest font of a small, coarse JPEG whole, where it is too faint to be bold', async () => {
    // Bench seed 410 of JPEG q40-55 (the real screenshot at 596 px, quality 48): at the usual
    // whiteness the name's grey letters broke into pieces and its line was cut to its middle words
    // ("VICTORIA AND PRIN", read as Allan-a-Dale or nothing).
    const { sample, at, img, tile } = await benchTile('JPEG q40-55', 410, 0, (c) => c.code === 'EHH005');
    const [line] = namePlace(img, tile).lines;
    expect((line.right - line.left) / tile.width).toBeGreaterThan(0.7);
    const reading = await readDeckImage(sample.image, { pool, index });
    expect(reading.cards[at]).toMatchObject({ code: 'EHH005', name: 'Queen Victoria and Prince Albert' });
  });

  it('finds a name in the smallest font on a small tile, its lines 4 px tall', async () => {
    // Bench seed 429 of name band high (218 px tiles): LUDWIG I OF BAVARIA AND THERESE OF
    // SAXE-HILDBURGHAUSEN's lines are 4 px, under the 0.02 of the tile a name line had to be.
    const { sample, at, img, tile } = await benchTile('restyled: name band high', 429, 0, (c) => c.code === 'EHH020');
    expect(findNameLines(img, darkTextCopy(img), tile)[0]).toBeDefined();
    const reading = await readDeckImage(sample.image, { pool, index });
    expect(reading.cards[at]).toMatchObject({ code: 'EHH020' });
  });

  it('joins the second line of a name to its first when small and blurred, its words leaving the middle bare', async () => {
    // Bench seed 434 of blur (449 px tiles of 167 px): SATANIC was found as the name line, and
    // LEAF-TAILED GECKO under it, ink in only 0.23 of the tile's middle fifth, was not joined to
    // it: SATANIC alone read as Titanic.
    const { sample, at } = await benchCard('blur 0.3-1 px', 434, 1, (c) => c.name === 'Satanic Leaf-Tailed Gecko');
    const reading = await readDeckImage(sample.image, { pool, index });
    expect(reading.cards[at]).toMatchObject({ code: 'LRE027' });
  });

  it('joins a mixed-case line above the name when blur fades the edges that set the gap between them', async () => {
    // "Restyled + small" unseen seed 39433 (597 px, a serif face as the card list spells it): at the
    // usual whiteness Garnet lost its G's top and lay 6 px under Henry Highland, and alone it is a card.
    const isGarnet: CardPick = (c) => c.name === 'Henry Highland Garnet';
    const { sample, at } = await benchCard('restyled + small, turned, tinted', 39433, 1, isGarnet);
    const reading = await readDeckImage(sample.image, { pool, index });
    expect(reading.cards[at]).toMatchObject({ name: 'Henry Highland Garnet' });
  });

  it('finds names too faint at the usual whiteness on a small copy of a restyled image', async () => {
    // "restyled + small, turned, tinted" tuning seed 232 (a restyle at 640 px, JPEG 56): four names'
    // bold capitals, grey at this size, held ink in under a quarter of their rows at the usual
    // whiteness, so no name line was found where the restyle put them, and the usual place held art.
    const { sample } = await benchSample('restyled + small, turned, tinted', 232, 0);
    const missed = ['SMW016', 'OCE001', 'EWC006', 'EOW025'];
    // As the reader sees the image: turned back upright.
    const { img, grid } = await locate(await decodeImage(sample.image));
    const dark = darkTextCopy(img);
    const faint = missed.filter((code) => {
      const tile = grid!.tiles[sample.truth.cards.findIndex((c) => c.code === code)];
      const found = findNameLines(img, dark, tile)[0];
      return found !== undefined && isFaintLine(found);
    });
    expect(faint.length).toBeGreaterThan(0);
    const reading = await readDeckImage(sample.image, { pool, index });
    const read = reading.cards.map(({ code }) => code);
    for (const code of missed) expect(read).toContain(code);
    expect(read).not.toContain('FSC012');
  });

  it('looks for name lines at looser whiteness where a tile has none at the usual one', async () => {
    // "restyled + small, turned, tinted" unseen seed 39404 (523 px, blurred 0.89 px): LEO and MEXICAN
    // BEADED LIZARD were under a name's height at the usual whiteness, so the tiles had no line at
    // all, and their usual places held art.
    const { sample } = await benchSample('restyled + small, turned, tinted', 39404, 0);
    const missed = ['SZO007', 'LVE016'];
    const { img, grid } = await locate(await decodeImage(sample.image));
    const dark = darkTextCopy(img);
    for (const code of missed) {
      const tile = grid!.tiles[sample.truth.cards.findIndex((c) => c.code === code)];
      const found = findNameLines(img, dark, tile)[0];
      expect(found !== undefined && isFaintLine(found), code).toBe(true);
    }
    const read = (await readDeckImage(sample.image, { pool, index })).cards.map(({ code }) => code);
    for (const code of missed) expect(read).toContain(code);
  });

  it('cuts a line found at a looser whiteness to its centred text at that whiteness', async () => {
    // "restyled + small, turned, tinted" unseen seed 39414 (654 px, blurred 0.74 px): KEPLER'S
    // SUPERNOVA, a line only at 125, was cut at 150, where its letters are specks apart, to 4 px
    // right of its word gap; read there, it was nothing.
    const isKepler: CardPick = (c) => c.code === 'SST036';
    const { sample, at } = await benchCard('restyled + small, turned, tinted', 39414, 1, isKepler);
    const { img, grid } = await locate(await decodeImage(sample.image));
    const tile = grid!.tiles[at];
    const found = findNameLines(img, darkTextCopy(img), tile)[0];
    expect(found && isFaintLine(found)).toBe(true);
    expect(found!.line.right - found!.line.left).toBeGreaterThan(tile.width * 0.5);
    const read = (await readDeckImage(sample.image, { pool, index })).cards.map(({ code }) => code);
    expect(read).toContain('SST036');
  });

  it('reads one letter as a name only at a line that is one upright bar', () => {
    const place = (lines: TextLine[]) => ({ lines }) as NamePlace;
    const bar = { top: 100, bottom: 110, left: 50, right: 53, middleCoverage: 1 };
    const word = { top: 100, bottom: 110, left: 30, right: 90, middleCoverage: 1 };
    expect(asNameText(place([bar]), { text: '|', confidence: 60 }).text).toBe('I');
    expect(asNameText(place([bar]), { text: 'I', confidence: 60 }).text).toBe('I');
    // A stroke of art, or a letter cut out of a longer name: the card "i" exactly, so no reading.
    expect(asNameText(place([word]), { text: 'i\n', confidence: 19 }).text).toBe('');
    expect(asNameText(place([]), { text: 'I', confidence: 5 }).text).toBe('');
    expect(asNameText(place([word]), { text: 'OX', confidence: 80 }).text).toBe('OX');
  });

  it('reads the usual place over a faint line of art that reads as another card', async () => {
    // "rotation" tuning seed 230 (the real screenshot turned 1.55°): the foot of the tarot card in
    // THE FOOL (XXII)'s art, a line only at a looser whiteness, read "i", the card i exactly.
    const { sample } = await benchSample('rotation ±3°', 230, 0);
    const reading = await readDeckImage(sample.image, { pool, index });
    expect(reading.cards[5]).toMatchObject({ code: 'ACTA005', name: 'The Fool (XXII)' });
    expect(reading.cards.map(({ code }) => code)).not.toContain('FSC012');
  });

  it('takes no letter of a longer name, small and turned, for the capital I of a one-letter name', async () => {
    // Bench seed 39004 of "all at once": a letter of THE HIEROPHANT (V), cut out by the line's
    // centred span, passed for a lone I and read "|", the card "i".
    const { sample } = await benchSample('all at once: small, turned, tinted', 39004, 0);
    const reading = await readDeckImage(sample.image, { pool, index });
    expect(reading.cards.map(({ code }) => code)).not.toContain('FSC012');
  });

  it('finds a name of one capital I, too narrow for a line of letters, and reads the card', async () => {
    const shot = await generateScreenshot(catalog, { seed: 108, layout: 'restyled-band-high', png: true });
    const at = shot.truth.cards.findIndex((c) => c.name === 'i');
    expect(at).toBeGreaterThanOrEqual(0);
    const { img, grid } = await located(shot.image);
    const tile = grid.tiles[at];
    const found = findNameLines(img, darkTextCopy(img), tile)[0];
    // The I stands where the restyle put the name, its bar taller than wide.
    expect(found).not.toBeNull();
    expect(found!.line.bottom - found!.line.top).toBeGreaterThan((found!.line.right - found!.line.left) * 2);
    const reading = await readDeckImage(shot.image, { pool, index });
    expect(reading.cards[at]).toMatchObject({ code: 'FSC012', name: 'i' });
  });

  it.each(['name band high', 'name band low'])(
    'finds a capital I too thin to be ink at the usual whiteness, at a looser one, alone (%s)',
    async (layout) => {
      // Restyled classes, tuning seed 231 (617 px, JPEG): the I is 2 px wide, one of them ink at the
      // usual whiteness, too few for a line. In name band low, the ability box's edge stopped the
      // search before the looser whiteness, and there the title under the I joined it as a name's
      // second line.
      const isI = (card: { name: string }) => card.name === 'i';
      const { sample, at, img, tile } = await benchTile(`restyled: ${layout}`, 231, 1, isI);
      const bars = findNameLines(img, darkTextCopy(img), tile).filter(
        ({ line }) => line.bottom - line.top > (line.right - line.left) * 2,
      );
      expect(bars).toHaveLength(1);
      expect(isFaintLine(bars[0])).toBe(true);
      const reading = await readDeckImage(sample.image, { pool, index });
      expect(reading.cards[at]).toMatchObject({ code: 'FSC012', name: 'i' });
    },
  );
});
