import { MESSAGES } from '../../../common/messages';
import { ApiRequestError } from '../../lib/api-client';

const REG = MESSAGES.registration;

/** Which form field a server refusal is about, found by its validation text; null for the form as a whole. */
const FIELD_OF_MESSAGE: Record<string, string> = {
  [REG.emailRequired]: 'email_address',
  [REG.invalidEmail]: 'email_address',
  [REG.emailInUse]: 'email_address',
  [REG.usernameRequired]: 'username',
  [REG.usernameInvalid]: 'username',
  [REG.usernameInUse]: 'username',
  [REG.passwordRequired]: 'password',
  [REG.passwordTooShort]: 'password',
  [REG.passwordCharacters]: 'password',
  [MESSAGES.login.unknownUser]: 'username',
  [MESSAGES.login.wrongPassword]: 'password',
};

/** Splits a failed call into a field error (known rule) or a form error (anything else). */
export function placeServerError(error: unknown): { field?: string; message: string } {
  if (error instanceof ApiRequestError) return { field: FIELD_OF_MESSAGE[error.message], message: error.message };
  return { message: 'Could not reach the server. Please check your connection and try again.' };
}
