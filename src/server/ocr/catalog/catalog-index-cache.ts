// The catalog index of a database, rebuilt when the catalog changes: the screenshot reader and the
// pasted card lists (POST /api/cards/parse-list) match names the same way, against one index per
// process rather than one per feature.
import type { Db } from '../../db/connect';
import { catalogVersion, listCatalog } from '../../cards/card-store';
import { CatalogIndex } from './catalog-index';

export class CatalogIndexCache {
  /** The index and the catalog version it was built from. */
  private index: { version: number; built: Promise<CatalogIndex> } | null = null;

  constructor(private readonly db: Db) {}

  /**
   * The catalog index, rebuilt when the catalog changes (an import added or renamed cards): the
   * catalog's version is a counter the database bumps on every change of a card's code or name
   * (migrations/0004-catalog-version.ts), read in well under a millisecond; rebuilding the index
   * for 5,000 cards costs tens of them.
   */
  async get(): Promise<CatalogIndex> {
    const version = await catalogVersion(this.db);
    if (this.index?.version !== version) {
      const built = listCatalog(this.db).then((cards) => new CatalogIndex(cards));
      this.index = { version, built };
      // A failed build must not be cached: the next caller tries again.
      built.catch(() => {
        if (this.index?.built === built) this.index = null;
      });
    }
    return this.index.built;
  }
}

const caches = new WeakMap<Db, CatalogIndexCache>();

/** The one index cache of a database connection in this process. */
export function catalogIndexOf(db: Db): CatalogIndexCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CatalogIndexCache(db);
    caches.set(db, cache);
  }
  return cache;
}
