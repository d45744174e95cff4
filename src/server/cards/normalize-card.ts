// The community card list is dirty ('Legenadry', 'Ultra-Fusion' vs 'Ultra Fusion', 'Limited card'):
// these map each spelling seen to the one the site uses.
import { albumOfCard, collectionCodeOf } from '../../common/game';
import { normalizeName } from '../../common/text';
import { isCardCode } from '../../common/api/cards';
import type { CardsTable } from '../db/schema';

const RARITY_SPELLINGS: Record<string, string> = {
  common: 'Common',
  rare: 'Rare',
  epic: 'Epic',
  legendary: 'Legendary',
  legenadry: 'Legendary',
  fusion: 'Fusion',
  'fusion card': 'Fusion',
  mythic: 'Mythic',
  'ultra fusion': 'Ultra Fusion',
  ultrafusion: 'Ultra Fusion',
  standard: 'Standard',
};

const TYPE_SPELLINGS: Record<string, string> = {
  'limited card': 'Limited Card',
  limited: 'Limited Card',
  standard: 'Standard',
  'standard card': 'Standard',
  'fusion ingredient': 'Fusion Ingredient',
  'fusion ingreident': 'Fusion Ingredient',
  fusion: 'Fusion',
  'ultra fusion': 'Ultra Fusion',
  'level up reward': 'Level-Up Reward',
  crafted: 'Crafted',
};

const spellingKey = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[-_\s]+/g, ' ');

function canonical(table: Record<string, string>, value: string): string {
  const trimmed = value.trim();
  return table[spellingKey(trimmed)] ?? trimmed;
}

export interface RawCard {
  Code: string;
  Name: string;
  Rarity?: string;
  Type?: string;
}

/** A catalog row, exactly as the cards table holds it. */
export type CardRow = CardsTable;

/** A catalog row from a raw card, or null when it has no usable code or name. */
export function normalizeCard(raw: RawCard): CardRow | null {
  const code = String(raw.Code ?? '')
    .trim()
    .toUpperCase();
  const name = String(raw.Name ?? '')
    .trim()
    .replace(/\s+/g, ' ');
  if (!isCardCode(code) || !name) return null;
  return {
    code,
    name,
    name_norm: normalizeName(name),
    rarity: canonical(RARITY_SPELLINGS, String(raw.Rarity ?? '')),
    type: canonical(TYPE_SPELLINGS, String(raw.Type ?? '')),
    album: albumOfCard(code),
    collection: collectionCodeOf(code),
  };
}
