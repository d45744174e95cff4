import { loadRealCatalog } from '../../../../test/support/real-data';
import { CatalogIndex } from './catalog-index';
import { LINES_PER_TURN, parseCardList } from './parse-card-list';

const catalog = loadRealCatalog();
const index = new CatalogIndex(catalog);

describe('parseCardList', () => {
  it('lets the event loop run between turns of a few lines, and reads the list the same', async () => {
    const cards = catalog.slice(0, 100);
    const text = cards.map((card) => card.name).join('\n');
    // Callbacks queued for the loop: each runs only when the parse gives the loop a turn.
    let turns = 0;
    const probe = () => {
      turns++;
      if (turns < 100) setImmediate(probe);
    };
    setImmediate(probe);
    const result = await parseCardList(index, text);
    expect(turns).toBeGreaterThanOrEqual(Math.floor(100 / LINES_PER_TURN) - 1);
    expect(result).toEqual(await parseCardList(index, text, Infinity));
    expect(result.unknown).toEqual([]);
  });
});
