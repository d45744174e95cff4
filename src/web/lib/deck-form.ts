// The form of POST /api/decks/post/, built one way for every way of publishing (a screenshot's
// reading, or the builder's codes without an image). Lists go as JSON-encoded strings, since a form
// field is text.
import type { CreateDeck } from '../../common/api/uploads';

type DeckFields = Pick<CreateDeck, 'title' | 'description' | 'albums' | 'collections' | 'tags'> &
  Partial<Pick<CreateDeck, 'cards' | 'cardCodes' | 'newCards' | 'deckcode'>>;

export function deckForm(deck: DeckFields, image?: File): FormData {
  const form = new FormData();
  if (image) form.append('image', image);
  form.append('title', deck.title);
  form.append('description', deck.description);
  form.append('albums', JSON.stringify(deck.albums));
  form.append('collections', JSON.stringify(deck.collections));
  form.append('tags', JSON.stringify(deck.tags));
  if (deck.cards) form.append('cards', JSON.stringify(deck.cards));
  if (deck.cardCodes) form.append('cardCodes', JSON.stringify(deck.cardCodes));
  if (deck.newCards?.length) form.append('newCards', JSON.stringify(deck.newCards));
  if (deck.deckcode !== undefined) form.append('deckcode', deck.deckcode);
  return form;
}
