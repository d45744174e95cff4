// GET /api/uploads/sample-screenshot: a deck screenshot made from the site's own card list, so a
// visitor with no screenshot of their own can walk the whole upload flow: pick the sample, see its
// 18 cards read, publish. Rendered on first request and again whenever the
// catalog changes, so its cards are always ones the reader can find.
import type { FastifyPluginAsync } from 'fastify';
import { SAMPLE_SCREENSHOT_PATH } from '../../common/api/uploads';
import { DECK_SIZE } from '../../common/game';
import { catalogVersion, listCatalog } from '../cards/card-store';
import type { Db } from '../db/connect';
import { notFound } from '../http/errors';
import { generateScreenshot } from './share-screenshot';

/** The share image's own width: the size a player's phone saves. */
const SAMPLE_WIDTH = 800;

/**
 * Cards whose names read without doubt: one line of plain letters, and no other card of that name.
 * The reader's tests and benchmarks pick hard names on purpose; a first upload should just work.
 */
function plainCards<T extends { name: string }>(catalog: T[]): T[] {
  const count = new Map<string, number>();
  for (const card of catalog) count.set(card.name.toLowerCase(), (count.get(card.name.toLowerCase()) ?? 0) + 1);
  const plain = catalog.filter(
    (card) =>
      /^[A-Za-z]+( [A-Za-z]+)?$/.test(card.name) && card.name.length <= 14 && count.get(card.name.toLowerCase()) === 1,
  );
  return plain.length >= DECK_SIZE ? plain : catalog;
}

/** The sample's PNG for the catalog as it is now; null when the catalog cannot fill a deck. */
export function sampleScreenshots(db: Db): () => Promise<Buffer | null> {
  let kept: { version: number; image: Promise<Buffer | null> } | null = null;
  return async () => {
    const version = await catalogVersion(db);
    if (kept?.version !== version) {
      const image = listCatalog(db).then(async (catalog) =>
        catalog.length < DECK_SIZE
          ? null
          : (
              await generateScreenshot(plainCards(catalog), {
                seed: 1,
                width: SAMPLE_WIDTH,
                png: true,
                statPanels: true,
              })
            ).image,
      );
      kept = { version, image };
      // A failed render is not kept: the next request tries again.
      image.catch(() => {
        if (kept?.image === image) kept = null;
      });
    }
    return kept.image;
  };
}

export const sampleScreenshotRoutes: FastifyPluginAsync = async (app) => {
  const sample = sampleScreenshots(app.db);
  app.get(
    SAMPLE_SCREENSHOT_PATH,
    { schema: { tags: ['uploads'], summary: 'A sample deck screenshot (PNG) made from this site’s card list' } },
    async (_request, res) => {
      const image = await sample();
      if (!image) throw notFound('The card list holds too few cards for a sample deck.');
      return res.header('content-type', 'image/png').header('cache-control', 'no-cache').send(image);
    },
  );
};
