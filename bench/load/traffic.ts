// What the mixed workload sends: the kinds of route real visitors hit, their share of the traffic,
// and a fresh request of each kind (random deck, filter and signed-in user) every time.

export interface Fixtures {
  deckIds: string[];
  filters: { albums: string[]; tags: string[]; collections: string[] }[];
  /** Session cookies of signed-in users. */
  cookies: string[];
}

export interface Req {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface RouteKind {
  kind: string;
  /** Share of the connections (closed loop) or of the requests (offered rate). */
  weight: number;
  /** Reads are what the latency target is about; writes are reported beside them. */
  read: boolean;
  next: () => Req;
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];

export function routeKinds(f: Fixtures): RouteKind[] {
  const json = { 'content-type': 'application/json' };
  return [
    {
      kind: 'home columns',
      weight: 30,
      read: true,
      next: () => ({
        method: 'POST',
        path: '/api/decks/search-decks?page=1&limit=5',
        headers: json,
        body: JSON.stringify(pick([{ sortBy: 'score' }, { sortBy: 'score', restricted: true }, {}])),
      }),
    },
    {
      kind: 'search',
      weight: 20,
      read: true,
      next: () => ({
        method: 'POST',
        path: `/api/decks/search-decks?page=${pick([1, 1, 2])}&limit=12`,
        headers: json,
        body: JSON.stringify(pick(f.filters)),
      }),
    },
    {
      kind: 'deck page',
      weight: 25,
      read: true,
      next: () => ({ method: 'GET', path: `/api/decks/onedeck/${pick(f.deckIds)}` }),
    },
    {
      kind: 'comments list',
      weight: 10,
      read: true,
      next: () => ({ method: 'GET', path: `/api/comments/get/${pick(f.deckIds)}` }),
    },
    {
      kind: 'vote',
      weight: 10,
      read: false,
      next: () => ({
        method: 'POST',
        path: `/api/decks/onedeck/${pick(f.deckIds)}`,
        headers: { ...json, cookie: pick(f.cookies) },
        body: JSON.stringify({ change: pick(['increase', 'decrease']) }),
      }),
    },
    {
      kind: 'comment post',
      weight: 5,
      read: false,
      next: () => ({
        method: 'POST',
        path: `/api/comments/post/${pick(f.deckIds)}`,
        headers: { ...json, cookie: pick(f.cookies) },
        body: JSON.stringify({ comment: `Load test comment ${Math.random().toString(36).slice(2)}` }),
      }),
    },
  ];
}

/** A kind chosen at random in proportion to the weights. */
export function pickByWeight(kinds: RouteKind[]): RouteKind {
  let r = Math.random() * kinds.reduce((sum, k) => sum + k.weight, 0);
  for (const k of kinds) if ((r -= k.weight) < 0) return k;
  return kinds[kinds.length - 1];
}

/** `total` connections shared by weight, at least one each. */
export function connectionShares(kinds: RouteKind[], total: number): number[] {
  const totalWeight = kinds.reduce((sum, k) => sum + k.weight, 0);
  return kinds.map((k) => Math.max(1, Math.round((total * k.weight) / totalWeight)));
}
