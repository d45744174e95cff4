// The two calls of the upload flow: read a screenshot, then publish the deck.
import { deckSchema, type Deck } from '../../../../common/api/decks';
import { uploadImageResultSchema, type CreateDeck, type UploadImageResult } from '../../../../common/api/uploads';
import { sendForm, type SendFormOptions } from './send-form';

/** POST /api/uploadimage/: the deck code and the detected cards of an image. */
export function readDeckImage(image: File, options: SendFormOptions = {}): Promise<UploadImageResult> {
  const form = new FormData();
  form.append('image', image);
  return sendForm('/api/uploadimage/', form, uploadImageResultSchema, options);
}

/** POST /api/decks/post/: lists go as JSON-encoded strings, as the old client sent them. */
export function postDeck(image: File, deck: CreateDeck, options: SendFormOptions = {}): Promise<Deck> {
  const form = new FormData();
  form.append('image', image);
  form.append('title', deck.title);
  form.append('description', deck.description);
  form.append('albums', JSON.stringify(deck.albums));
  form.append('collections', JSON.stringify(deck.collections));
  form.append('tags', JSON.stringify(deck.tags));
  form.append('cards', JSON.stringify(deck.cards));
  form.append('deckcode', deck.deckcode);
  return sendForm('/api/decks/post/', form, deckSchema, options);
}
