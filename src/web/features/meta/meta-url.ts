// The meta table's sort, filters and page live in the URL, so a view of the meta can be shared.
import { META_SORTS, type MetaCardsQuery, type MetaSort } from '../../../common/api/meta';
import { ALBUM_NAMES, COLLECTION_CODES, RARITIES } from '../../../common/game';

export interface MetaView {
  sort: MetaSort;
  order: 'asc' | 'desc';
  album?: string;
  collection?: string;
  rarity?: string;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The view an address asks for; unknown values fall back to the defaults (most played first). */
export function readMetaView(params: URLSearchParams): MetaView {
  return {
    sort: oneOf(META_SORTS, params.get('sort')) ?? 'decks',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    album: oneOf(ALBUM_NAMES, params.get('album')),
    collection: oneOf(COLLECTION_CODES, params.get('collection')),
    rarity: oneOf(RARITIES, params.get('rarity')),
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
}

/** The address of a view, leaving out what is the default. */
export function metaViewParams(view: MetaView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.sort !== 'decks') params.set('sort', view.sort);
  if (view.order !== 'desc') params.set('order', view.order);
  for (const key of ['album', 'collection', 'rarity'] as const) if (view[key]) params.set(key, view[key]);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** Sorting by a column: a new column starts descending (names ascending); the same column flips. Back to page 1. */
export function sortedBy(view: MetaView, sort: MetaSort): MetaView {
  const order = view.sort === sort ? (view.order === 'desc' ? 'asc' : 'desc') : sort === 'name' ? 'asc' : 'desc';
  return { ...view, sort, order, page: 1 };
}

/** The API query of a view. */
export function metaQuery(view: MetaView): Partial<MetaCardsQuery> {
  return {
    sort: view.sort,
    order: view.order,
    album: view.album,
    collection: view.collection,
    rarity: view.rarity as MetaCardsQuery['rarity'],
    page: view.page,
  };
}
