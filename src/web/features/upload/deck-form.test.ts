import { MESSAGES } from '../../../common/messages';
import {
  EMPTY_FORM,
  chooseCard,
  imageFileError,
  reviewCardsOf,
  validateDeckForm,
  type DeckFormValues,
} from './deck-form';

const png = new File([new Uint8Array(4)], 'deck.png', { type: 'image/png' });
const card = (name: string, code: string) => ({
  code,
  name,
  confidence: 0.9,
  alternatives: [{ code: 'ALT1', name: 'Alt One', confidence: 0.5 }],
});
const fiveCards = reviewCardsOf(['A', 'B', 'C', 'D', 'E'].map((n, i) => card(n, `C${i}`)));

describe('validateDeckForm', () => {
  it('reports every validation rule at once on an empty form', () => {
    expect(validateDeckForm(null, EMPTY_FORM).errors).toEqual({
      image: MESSAGES.upload.imageRequired,
      title: MESSAGES.upload.titleRequired,
      cards: MESSAGES.upload.tooFewCards,
      categories: MESSAGES.upload.categoryRequired,
    });
  });

  it('gives the deck to post when the form is complete', () => {
    const values: DeckFormValues = {
      ...EMPTY_FORM,
      title: ' Deck ',
      tags: ['Budget'],
      cards: fiveCards,
      deckcode: 'UH42XD',
    };
    const { errors, deck } = validateDeckForm(png, values);
    expect(errors).toEqual({});
    expect(deck).toMatchObject({
      title: 'Deck',
      tags: ['Budget'],
      cards: ['A', 'B', 'C', 'D', 'E'],
      deckcode: 'UH42XD',
    });
    // The exact cards go along with their names.
    expect(deck?.cardCodes).toEqual(['C0', 'C1', 'C2', 'C3', 'C4']);
  });

  it('refuses files that are not images, and images over 10 MB', () => {
    expect(imageFileError(new File(['x'], 'a.png', { type: 'text/plain' }))).toBe(MESSAGES.upload.invalidImage);
    expect(imageFileError(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' }))).toMatch(
      /too large/,
    );
    expect(imageFileError(png)).toBeNull();
  });
});

describe('fixing a detected card', () => {
  it("an alternative takes the place of the card as the player's choice, and the card becomes an alternative", () => {
    const [first] = fiveCards;
    const fixed = chooseCard(first, first.alternatives[0]);
    // Not the reader's 0.5 for it: the player chose it, so it is not flagged for checking.
    expect(fixed).toMatchObject({ key: first.key, code: 'ALT1', name: 'Alt One', confidence: null });
    expect(fixed.alternatives.map((a) => a.code)).toEqual(['C0']);
  });

  it('a typed card is marked as chosen by the user', () => {
    const fixed = chooseCard(fiveCards[1], { code: 'ACAL001', name: 'Sir Lancelot' });
    expect(fixed).toMatchObject({ code: 'ACAL001', name: 'Sir Lancelot', confidence: null });
    expect(fixed.alternatives.map((a) => a.code)).toEqual(['C1', 'ALT1']);
  });
});

describe('cards the catalog lacks', () => {
  const unknown = { position: 1, code: 'EES099', name: 'New Spy Ring' };

  it("puts them back at their tiles' places, marked new", () => {
    const cards = reviewCardsOf([card('A', 'C0'), card('B', 'C1')], [unknown]);
    expect(cards.map((c) => [c.name, c.code, c.isNew ?? false])).toEqual([
      ['A', 'C0', false],
      ['New Spy Ring', 'EES099', true],
      ['B', 'C1', false],
    ]);
  });

  it('publishes them in newCards, and refuses a code that is no card code', () => {
    const values: DeckFormValues = {
      ...EMPTY_FORM,
      title: 'Deck',
      tags: ['Budget'],
      cards: [...fiveCards, ...reviewCardsOf([], [unknown])],
    };
    expect(validateDeckForm(png, values).deck).toMatchObject({
      cards: ['A', 'B', 'C', 'D', 'E', 'New Spy Ring'],
      cardCodes: ['C0', 'C1', 'C2', 'C3', 'C4', 'EES099'],
      newCards: ['EES099'],
    });
    const unread = { ...values, cards: [...fiveCards, ...reviewCardsOf([], [{ ...unknown, code: null }])] };
    expect(validateDeckForm(png, unread)).toEqual({
      errors: { cards: MESSAGES.upload.newCardCodeInvalid('') },
      deck: null,
    });
  });
});
