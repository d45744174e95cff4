import type { Deck, SimilarDeck } from '../../common/api/decks';
import type { SimilarDeckRow } from './similar-decks';
import type { DecksTable } from '../db/schema';

export interface DeckRelations {
  cards: string[];
  /** The code of each card, in the same order; null for decks published before codes were kept. */
  cardCodes: (string | null)[];
  albums: string[];
  collections: string[];
  tags: string[];
  voters: string[];
}

/** The fields of a deck that leave the server; nothing else from the row does. */
export function toDeck(
  row: Omit<DecksTable, 'score' | 'description_html' | 'search_text'> & {
    score: number;
    description_html: string;
    username: string;
  },
  relations: DeckRelations,
): Deck {
  return {
    _id: row.id,
    title: row.title,
    deckcode: row.deckcode,
    user: row.username,
    image: row.image,
    description: row.description,
    descriptionHtml: row.description_html,
    cards: relations.cards,
    cardList: relations.cards.map((name, i) => ({ name, code: relations.cardCodes[i] ?? null })),
    albums: relations.albums,
    collections: relations.collections,
    tags: relations.tags,
    score: Number(row.score),
    voters: relations.voters,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    // Only the author's and moderators' answers hold hidden decks; everyone else's never do.
    ...(row.hidden_at !== null ? { isHidden: true as const } : {}),
  };
}

/** A similar deck as the API shows it. */
export function toSimilarDeck(row: SimilarDeckRow): SimilarDeck {
  return {
    _id: row.id,
    title: row.title,
    user: row.username,
    score: row.score,
    shared: row.shared,
    onlyInThis: row.onlyInThis,
    onlyInOther: row.onlyInOther,
  };
}
