// The submit flow the account forms share (sign-in modal panels, reset-password page).
import { useState, type FormEvent } from 'react';
import type { ShowToast } from '../../components/use-toast';
import { ApiRequestError } from '../../lib/api-client';
import { placeServerError } from './server-errors';

/** Errors by field name; `form` is an error about the form as a whole. */
export type Errors = Partial<Record<string, string>>;

/** The first broken rule of a zod `safeParse` result, if any. */
export const firstError = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

/**
 * A server refusal under the field it is about, or as a form error. `shown` lists the fields the
 * form has; an error about any other field is shown for the form (all fields when omitted).
 */
export function fieldErrorOf(error: unknown, shown?: readonly string[]): Errors {
  const { field, message } = placeServerError(error);
  return { [field && (!shown || shown.includes(field)) ? field : 'form']: message };
}

/**
 * For the password-reset steps: a refusal toasts `failed` and its reason goes under `field`
 * (a used or expired link, a broken rule); anything else (no answer) toasts `error`.
 */
export function resetRefusal(toast: ShowToast, field: string, texts: { failed: string; error: string }) {
  return (error: unknown): Errors => {
    if (error instanceof ApiRequestError) {
      toast(texts.failed, 'error');
      return { [field]: error.message };
    }
    toast(texts.error, 'error');
    return {};
  };
}

/**
 * Submit handling: `check` the input (its errors are shown at once and stop the submit), then
 * `send` it with `busy` set (the submit button disabled); a failure's errors come from `refused`.
 */
export function useAccountForm(
  check: () => Errors,
  send: () => Promise<void>,
  refused: (error: unknown) => Errors = fieldErrorOf,
) {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await send();
    } catch (error) {
      setErrors(refused(error));
    } finally {
      setBusy(false);
    }
  };
  return { errors, busy, submit };
}
