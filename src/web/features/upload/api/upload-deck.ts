// The two calls of the upload flow: read a screenshot, then publish the deck.
import { deckSchema, type Deck } from '../../../../common/api/decks';
import { uploadImageResultSchema, type CreateDeck, type UploadImageResult } from '../../../../common/api/uploads';
import { deckForm } from '../../../lib/deck-form';
import { sendForm, type SendFormOptions } from './send-form';

/** POST /api/uploadimage/: the deck code and the detected cards of an image. */
export function readDeckImage(image: File, options: SendFormOptions = {}): Promise<UploadImageResult> {
  const form = new FormData();
  form.append('image', image);
  return sendForm('/api/uploadimage/', form, uploadImageResultSchema, options);
}

/** POST /api/decks/post/ with the screenshot. */
export function postDeck(image: File, deck: CreateDeck, options: SendFormOptions = {}): Promise<Deck> {
  return sendForm('/api/decks/post/', deckForm(deck, image), deckSchema, options);
}
