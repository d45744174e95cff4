// Table types for Kysely. Times are ISO-8601 UTC strings in both SQLite and PostgreSQL, so they
// compare and sort the same way on both.
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased username: usernames are unique regardless of case. */
  username_lower: string;
  email: string | null;
  password_hash: string | null;
  created_at: string;
  /** When the owner proved the address is theirs (mailed link, reset or provider); null until then. */
  email_verified_at: string | null;
  /** 'moderator' for accounts that hide and restore content (migrations/0008-moderation.ts); null otherwise. */
  role: string | null;
  /** When the sign-in provider was linked (account made through it, or its password entered in a provider sign-in); null until then. */
  provider_linked_at: string | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  expires_at: string;
  created_at: string;
}

/** Mailed links that prove an account's address; only the token's SHA-256 is stored. */
export interface EmailVerificationsTable {
  token_hash: string;
  user_id: string;
  email: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
}

export interface CardsTable {
  code: string;
  name: string;
  name_norm: string;
  rarity: string;
  type: string;
  album: string | null;
  collection: string;
}

export interface DecksTable {
  id: string;
  user_id: string;
  title: string;
  deckcode: string;
  image: string;
  description: string;
  /** The description as safe HTML, rendered when written (migrations/0021-deck-description-html.ts). */
  description_html: Generated<string>;
  /** Denormalised count of votes, kept by triggers on votes (migrations/0003-vote-score.ts). */
  score: Generated<number>;
  created_at: string;
  updated_at: string;
  /** When a moderator hid the deck; null while everyone sees it. */
  hidden_at: string | null;
  /**
   * The folded words of the title, deck code and author the text search looks in (migration 0017,
   * decks/deck-text-search.ts); indexed by FTS5 on SQLite and by a tsvector column on PostgreSQL.
   */
  search_text: Generated<string>;
}

/** Copies of a deck's filter rows on its own row, for the searches' exclusions (db/deck-set-columns.ts). */
export interface DeckSetColumns {
  /** The deck's albums and tags as bits. */
  album_bits: Generated<number>;
  tag_bits_a: Generated<number>;
  tag_bits_b: Generated<number>;
  /** PostgreSQL only: the deck's card numbers (card_numbers). */
  card_ids: Generated<number[]>;
}

/** PostgreSQL only: a number for each card name ever in a deck, for decks.card_ids. */
export interface CardNumbersTable {
  name: string;
  number: Generated<number>;
}

/** One row: how many decks there are, kept by triggers (migrations/0002-deck-count.ts). */
export interface DeckCountTable {
  n: number;
}

/** One row per write of a deck's row, kept by triggers (migrations/0022-deck-changes.ts). */
export interface DeckChangesTable {
  /** bigserial on PostgreSQL, which the driver reads as a string. */
  seq: Generated<number | string>;
  deck_id: string;
}

/** One row: bumped by triggers on every change of the card catalog (migrations/0004-catalog-version.ts). */
export interface CatalogVersionTable {
  n: number;
}

export interface DeckCardsTable {
  deck_id: string;
  position: number;
  card_name: string;
  card_code: string | null;
  /** The deck's created_at, beside the card for the card's newest decks (migration 0012). */
  deck_created_at: string | null;
}

/** A card list a deck had before its author changed it (migration 0015). */
export interface DeckVersionsTable {
  id: string;
  deck_id: string;
  listed_at: string;
  replaced_at: string;
  /** JSON: [{name, code}] in deck order. */
  cards: string;
}

export interface DeckAlbumsTable {
  deck_id: string;
  album: string;
}
export interface DeckCollectionsTable {
  deck_id: string;
  collection: string;
}
export interface DeckTagsTable {
  deck_id: string;
  tag: string;
}

export interface VotesTable {
  deck_id: string;
  user_id: string;
  created_at: string;
}

export interface CommentsTable {
  id: string;
  deck_id: string;
  user_id: string;
  /** The Markdown as written. */
  body: string;
  /** `body` as safe HTML, rendered once when written (comment-markdown.ts renderComments). */
  body_html: string;
  created_at: string;
  /** When a moderator hid the comment; null while everyone sees it. */
  hidden_at: string | null;
}

export type ModeratedItemType = 'deck' | 'comment';

/** A user's report of a deck or a comment: one per user and item. */
export interface ReportsTable {
  id: string;
  item_type: ModeratedItemType;
  item_id: string;
  user_id: string;
  reason: string;
  created_at: string;
  /** When a moderator acted on the item; null while the report waits in the queue. */
  resolved_at: string | null;
}

/** Every moderator action, with who and when. */
export interface ModerationLogTable {
  id: string;
  moderator_id: string | null;
  action: 'hide' | 'restore' | 'dismiss';
  item_type: ModeratedItemType;
  item_id: string;
  created_at: string;
}

/**
 * The decks the card pages, the meta and similar decks count and list, with the game week each was
 * published in (gameWeekOf in src/common/game.ts): every deck, until hiding a deck takes its row
 * out. Triggers add or subtract a deck's cards, categories, week and score to the *_stats tables
 * when its row comes or goes (migrations/0006-deck-stats.ts).
 */
export interface PublicDecksTable {
  deck_id: string;
  week: number;
}

/** Public decks per game week. */
export interface WeekStatsTable {
  week: number;
  decks: number;
}

/** Per card: how many public decks hold it, and the sum of their scores. */
export interface CardStatsTable {
  code: string;
  decks: number;
  score_sum: number;
}

/** Per game week and card: how many public decks of that week hold it. */
export interface CardWeekStatsTable {
  week: number;
  code: string;
  decks: number;
}

/** Per album, collection and tag: how many public decks carry it. */
export interface CategoryStatsTable {
  kind: 'album' | 'collection' | 'tag';
  value: string;
  decks: number;
}

/** A card the catalog lacks, proposed from the screenshots that show it (migrations/0019-card-proposals.ts). */
export interface CardProposalsTable {
  id: string;
  code: string;
  name: string;
  seen_count: Generated<number>;
  status: Generated<'open' | 'approved' | 'rejected'>;
  created_at: string;
  updated_at: string;
  decided_by: string | null;
  decided_at: string | null;
}

/** A tile showing a proposed card, cut from an upload and kept in the image store. */
export interface CardProposalExamplesTable {
  proposal_id: string;
  image_key: string;
  created_at: string;
}

/** A screenshot reading and, once published, what the player published from it (migrations/0016-readings.ts). */
export interface ReadingsTable {
  id: string;
  user_id: string;
  image_key: string;
  /** JSON: the tiles read, [{code, name, confidence, alternatives}]. */
  tiles: string;
  deck_code: string | null;
  path: string;
  read_ms: number;
  created_at: string;
  deck_id: string | null;
  published_at: string | null;
  /** JSON: the ReadingOutcome stored at publish; null until then. */
  outcome: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  email_verifications: EmailVerificationsTable;
  cards: CardsTable;
  catalog_version: CatalogVersionTable;
  decks: DecksTable & DeckSetColumns;
  card_numbers: CardNumbersTable;
  deck_count: DeckCountTable;
  deck_changes: DeckChangesTable;
  deck_cards: DeckCardsTable;
  deck_versions: DeckVersionsTable;
  deck_albums: DeckAlbumsTable;
  deck_collections: DeckCollectionsTable;
  deck_tags: DeckTagsTable;
  votes: VotesTable;
  comments: CommentsTable;
  reports: ReportsTable;
  moderation_log: ModerationLogTable;
  public_decks: PublicDecksTable;
  week_stats: WeekStatsTable;
  card_stats: CardStatsTable;
  card_week_stats: CardWeekStatsTable;
  category_stats: CategoryStatsTable;
  readings: ReadingsTable;
  card_proposals: CardProposalsTable;
  card_proposal_examples: CardProposalExamplesTable;
}
