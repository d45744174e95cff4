// The upload form's values, its checks (the shared create-deck schema plus the image), and the
// edits of the review step, kept free of React so they can be tested on their own.
import { DECK_SIZE } from '../../../common/game';
import { MESSAGES } from '../../../common/messages';
import {
  MAX_IMAGE_BYTES,
  createDeckSchema,
  type CardCandidate,
  type CreateDeck,
  type DetectedCard,
  type UnknownCard,
} from '../../../common/api/uploads';
import { isCardCode } from '../../../common/api/cards';

/** One card of the 'Cards Detected' list. */
export interface ReviewCard {
  /** Stable React key: positions move when cards are removed. */
  key: string;
  code: string;
  name: string;
  /** How sure the reader was; null for a card the user picked. */
  confidence: number | null;
  /** Other cards it could be, best first. */
  alternatives: CardCandidate[];
  /**
   * A card the catalog lacks, read from its tile as printed ("not in the card list yet"): the
   * player checks its code and name, and publishing proposes it to the moderators.
   */
  isNew?: boolean;
}

export interface DeckFormValues {
  title: string;
  description: string;
  albums: string[];
  collections: string[];
  tags: string[];
  cards: ReviewCard[];
  /** The in-game code read from the image, or corrected by the player; '' for none. */
  deckcode: string;
}

export type FormField = 'image' | 'title' | 'cards' | 'categories' | 'deckcode';
export type FormErrors = Partial<Record<FormField, string>>;

export const EMPTY_FORM: DeckFormValues = {
  title: '',
  description: '',
  albums: [],
  collections: [],
  tags: [],
  cards: [],
  deckcode: '',
};

/** Below this the reader's guess is flagged for the user to check. */
export const LOW_CONFIDENCE = 0.8;

let nextKey = 0;
const newKey = () => `card-${nextKey++}`;

/** Why a picked file cannot be uploaded, or null (the type must start with image/). */
export function imageFileError(file: File | null): string | null {
  if (!file) return MESSAGES.upload.imageRequired;
  if (!file.type.startsWith('image/')) return MESSAGES.upload.invalidImage;
  if (file.size > MAX_IMAGE_BYTES) return `The image is too large: at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB.`;
  return null;
}

/**
 * Checks the whole form at once (an error map filled on submit) and gives the deck to
 * post when nothing is wrong. The rules and texts are the server's own schema.
 */
export function validateDeckForm(
  image: File | null,
  values: DeckFormValues,
): { errors: FormErrors; deck: CreateDeck | null } {
  const errors: FormErrors = {};
  const imageError = imageFileError(image);
  if (imageError) errors.image = imageError;
  const newCards = values.cards.filter((card) => card.isNew);
  const badCode = newCards.find((card) => !isCardCode(card.code));
  if (badCode) errors.cards = MESSAGES.upload.newCardCodeInvalid(badCode.code);
  const parsed = createDeckSchema.safeParse({
    title: values.title,
    description: values.description,
    albums: values.albums,
    collections: values.collections,
    tags: values.tags,
    cards: values.cards.map((c) => c.name),
    // The exact card read or picked: several catalog cards may share a name.
    cardCodes: values.cards.map((c) => c.code),
    ...(newCards.length > 0 ? { newCards: newCards.map((c) => c.code) } : {}),
    deckcode: values.deckcode,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      const key: FormField =
        field === 'title' || field === 'cards' || field === 'categories' || field === 'deckcode' ? field : 'categories';
      errors[key] ??= issue.message;
    }
  }
  return { errors, deck: Object.keys(errors).length === 0 && parsed.success ? parsed.data : null };
}

/**
 * The review list of a reading: the cards detected, and the cards the catalog lacks put back at
 * their tiles' places (the detected cards are the other tiles, in order).
 */
export function reviewCardsOf(detected: DetectedCard[], unknown: UnknownCard[] = []): ReviewCard[] {
  const cards: ReviewCard[] = detected.map((card) => ({ ...card, key: newKey() }));
  for (const card of [...unknown].sort((a, b) => a.position - b.position))
    cards.splice(Math.min(card.position, cards.length), 0, newCardOf(card));
  return cards.slice(0, DECK_SIZE);
}

function newCardOf(card: UnknownCard): ReviewCard {
  return { key: newKey(), code: card.code ?? '', name: card.name, confidence: null, alternatives: [], isNew: true };
}

/** The codes the review list holds that the catalog has (a new card's may be unread or mistyped). */
export function catalogCodesOf(cards: ReviewCard[]): string[] {
  return cards.filter((card) => !card.isNew && card.code !== '').map((card) => card.code);
}

/** The card as an option of its replacement, so a wrong replacement can be undone from the list. */
function asCandidate(card: ReviewCard): CardCandidate[] {
  return card.confidence === null ? [] : [{ code: card.code, name: card.name, confidence: card.confidence }];
}

/**
 * Replaces a card by one the player chose, from its alternatives or typed: the player's choice,
 * so no longer flagged by the reader's confidence. The card it was becomes an alternative in turn.
 */
export function chooseCard(card: ReviewCard, choice: { code: string; name: string }): ReviewCard {
  return {
    key: card.key,
    code: choice.code,
    name: choice.name,
    confidence: null,
    alternatives: [...asCandidate(card), ...card.alternatives.filter((a) => a.code !== choice.code)].slice(0, 5),
  };
}

export function newReviewCard(choice: { code: string; name: string }): ReviewCard {
  return { key: newKey(), code: choice.code, name: choice.name, confidence: null, alternatives: [] };
}
