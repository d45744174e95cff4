// The two calls of the upload flow: read a screenshot, then publish the deck.
import { deckSchema, type Deck } from '../../../../common/api/decks';
import { uploadImageResultSchema, type CreateDeck, type UploadImageResult } from '../../../../common/api/uploads';
import { ApiRequestError } from '../../../lib/api-client';
import { deckForm } from '../../../lib/deck-form';
import { sendForm, type SendFormOptions } from './send-form';

/** POST /api/uploadimage/: the deck code and the detected cards of an image. */
export function readDeckImage(image: File, options: SendFormOptions = {}): Promise<UploadImageResult> {
  const form = new FormData();
  form.append('image', image);
  return sendForm('/api/uploadimage/', form, uploadImageResultSchema, options);
}

/**
 * POST /api/decks/post/. With the upload's `readingId` the image stays home: the server kept it at
 * the upload. When that reading is gone (410: swept after its day), the deck goes again with the image.
 */
export async function postDeck(
  image: File,
  deck: CreateDeck,
  readingId: string | null,
  options: SendFormOptions = {},
): Promise<Deck> {
  if (readingId) {
    const form = deckForm(deck);
    form.append('readingId', readingId);
    try {
      return await sendForm('/api/decks/post/', form, deckSchema, options);
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 410)) throw error;
    }
  }
  return sendForm('/api/decks/post/', deckForm(deck, image), deckSchema, options);
}
