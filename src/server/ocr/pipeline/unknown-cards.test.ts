// A card the catalog lacks: its tile is read as an unknown card with its printed code and name,
// and the other tiles are read as before.
import { CatalogIndex, nameKey } from '../catalog/catalog-index';
import { generateScreenshot } from '../../demo/share-screenshot';
import { readDeckImage } from '../runtime/read-deck-image';
import { loadRealCatalog } from '../../../../test/support/real-data';
import { createOcrPool, type OcrPool } from '../runtime/worker-pool';
import { cardCodeIn, nameAsRead } from './unknown-cards';

let pool: OcrPool;
beforeAll(async () => {
  pool = await createOcrPool({ size: 2, jobTimeoutMs: 120_000 });
});
afterAll(async () => {
  await pool?.close();
});

describe('cardCodeIn', () => {
  it('finds a code among junk and undoes letter-for-digit swaps on each side', () => {
    expect(cardCodeIn('~ EES022 ,')).toBe('EES022');
    expect(cardCodeIn('ACN0O12')).toBe('ACNO012');
    expect(cardCodeIn('5MA0O9')).toBe('SMA009');
    expect(cardCodeIn('XY\nTHE FOOL')).toBeNull();
  });

  it('takes the code two readings agree on over a first one misread', () => {
    expect(cardCodeIn('EES0222\nEES022 EES022')).toBe('EES022');
  });
});

describe('nameAsRead', () => {
  it('writes a name read in capitals as the catalog writes names', () => {
    expect(nameAsRead(" PYTHAGORAS' ~THEOREM ")).toBe("Pythagoras' Theorem");
    expect(nameAsRead('WILL-O-THE-WISP')).toBe('Will-o-the-wisp');
  });
});

describe('a screenshot holding a card the catalog lacks', () => {
  it('reads that tile as an unknown card with its printed code and name, and the others as cards', async () => {
    const catalog = loadRealCatalog();
    const shot = await generateScreenshot(catalog, { seed: 101, width: 900, quality: 85 });
    const missing = shot.truth.cards[0];
    const index = new CatalogIndex(catalog.filter((card) => card.code !== missing.code));

    const reading = await readDeckImage(shot.image, { pool, index });

    expect(reading.unknownCards).toHaveLength(1);
    const [unknown] = reading.unknownCards ?? [];
    expect(unknown.position).toBe(0);
    expect(unknown.code).toBe(missing.code);
    expect(nameKey(unknown.name)).toBe(nameKey(missing.name));
    expect(unknown.box.left).toBeGreaterThan(0);
    expect(unknown.box.left + unknown.box.width).toBeLessThan(0.5);
    expect(reading.unmatchedNames).toBe(1);
    expect(reading.cards.map((card) => card.code)).not.toContain(missing.code);
    expect(reading.cards.length).toBeGreaterThanOrEqual(15);

    // With the card in the catalog, the same tile is read as that card and nothing is unknown.
    const full = await readDeckImage(shot.image, { pool, index: new CatalogIndex(catalog) });
    expect(full.cards[0]).toMatchObject({ code: missing.code, name: missing.name });
    expect(full.unknownCards).toEqual([]);
  }, 120_000);
});
