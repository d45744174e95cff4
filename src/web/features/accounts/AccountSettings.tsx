// The account settings under the own profile's decks: change the password or the e-mail address,
// download everything the site holds, delete the account. Each change asks for the current password.
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  changeEmailSchema,
  changePasswordSchema,
  type ChangeEmail,
  type ChangePassword,
} from '../../../common/api/account';
import { MESSAGES } from '../../../common/messages';
import { Dialog } from '../../components/Dialog';
import { useToast } from '../../components/use-toast';
import { ApiRequestError } from '../../lib/api-client';
import { ACCOUNT_EXPORT_URL, changeEmail, changePassword, deleteAccount, useRefreshSession } from './api/accounts-api';
import { Field } from './Field';
import { fieldErrorOf, useAccountForm, type Errors } from './use-account-form';

const ACC = MESSAGES.account;

/** The field a zod issue is about, with its text: the forms show each rule under its own field. */
function issuesByField(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }): Errors {
  const errors: Errors = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}

/** Server refusals under the field they are about; the current password's texts under that field. */
function refusedUnder(fields: Record<string, readonly string[]>) {
  return (error: unknown): Errors => {
    if (error instanceof ApiRequestError) {
      const { message } = error;
      if ([ACC.wrongPassword, ACC.currentPasswordRequired, ACC.noPassword].some((text) => text === message))
        return { currentPassword: message };
      for (const [field, texts] of Object.entries(fields)) if (texts.includes(message)) return { [field]: message };
    }
    return fieldErrorOf(error, []);
  };
}

export function AccountSettings() {
  return (
    <section className="account-settings" aria-labelledby="account-settings-title">
      <h2 id="account-settings-title">Account settings</h2>
      <ChangePasswordForm />
      <ChangeEmailForm />
      <section aria-labelledby="export-title">
        <h3 id="export-title">Your data</h3>
        <p>Your profile, decks, comments and votes as one JSON file.</p>
        <a className="button" href={ACCOUNT_EXPORT_URL} download>
          {ACC.exportButton}
        </a>
      </section>
      <DeleteAccount />
    </section>
  );
}

/** One field of a settings form. */
interface FieldSpec<V> {
  name: keyof V & string;
  label: string;
  type: 'password' | 'email';
  autoComplete: string;
}

interface SettingsFormProps<V extends Record<string, string>> {
  title: string;
  fields: FieldSpec<V>[];
  schema: { safeParse(values: V): { error?: { issues: { path: PropertyKey[]; message: string }[] } } };
  send(values: V): Promise<{ message: string }>;
  /** The server's texts shown under a field other than the current password. */
  fieldTexts: Record<string, readonly string[]>;
}

/**
 * A settings form: its fields checked with the shared schema before anything is sent, the server's
 * refusals under their fields, and on success a toast and empty fields.
 */
function SettingsForm<V extends Record<string, string>>({
  title,
  fields,
  schema,
  send,
  fieldTexts,
}: SettingsFormProps<V>) {
  const toast = useToast();
  const empty = Object.fromEntries(fields.map((field) => [field.name, ''])) as V;
  const [values, setValues] = useState<V>(empty);
  const titleId = useId();
  const { errors, busy, submit } = useAccountForm(
    () => issuesByField(schema.safeParse(values)),
    async () => {
      const { message } = await send(values);
      setValues(empty);
      toast(message, 'success');
    },
    refusedUnder(fieldTexts),
  );
  return (
    <form className="account-form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      {fields.map(({ name, label, type, autoComplete }) => (
        <Field
          key={name}
          label={label}
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(value) => setValues({ ...values, [name]: value })}
          error={errors[name]}
        />
      ))}
      {errors.form && <p className="field-error">{errors.form}</p>}
      <button type="submit" disabled={busy}>
        {title}
      </button>
    </form>
  );
}

const CURRENT_PASSWORD = {
  name: 'currentPassword',
  label: 'Current password',
  type: 'password',
  autoComplete: 'current-password',
} as const;

function ChangePasswordForm() {
  return (
    <SettingsForm<ChangePassword>
      title="Change password"
      fields={[
        CURRENT_PASSWORD,
        { name: 'newPassword', label: 'New password', type: 'password', autoComplete: 'new-password' },
      ]}
      schema={changePasswordSchema}
      send={changePassword}
      fieldTexts={{ newPassword: Object.values(MESSAGES.registration) }}
    />
  );
}

function ChangeEmailForm() {
  return (
    <SettingsForm<ChangeEmail>
      title="Change e-mail address"
      fields={[{ name: 'email', label: 'New e-mail address', type: 'email', autoComplete: 'email' }, CURRENT_PASSWORD]}
      schema={changeEmailSchema}
      send={changeEmail}
      fieldTexts={{ email: [...Object.values(MESSAGES.registration), ACC.sameEmail] }}
    />
  );
}

/**
 * Deletion behind a dialog that asks for the password. An account made through the sign-in
 * provider has none: the server says so, and the dialog asks for the username instead.
 */
function DeleteAccount() {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="delete-account-title">
      <h3 id="delete-account-title">Delete account</h3>
      <p>{ACC.deleteWarning}</p>
      <button type="button" className="danger" onClick={() => setOpen(true)}>
        Delete my account
      </button>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose(): void }) {
  const toast = useToast();
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const [byUsername, setByUsername] = useState(false);
  const [typed, setTyped] = useState('');
  const { errors, busy, submit } = useAccountForm(
    () => (typed === '' ? { typed: byUsername ? ACC.confirmUsernameMismatch : ACC.currentPasswordRequired } : {}),
    async () => {
      const { message } = await deleteAccount(byUsername ? { confirmUsername: typed } : { currentPassword: typed });
      toast(message, 'success');
      navigate('/');
      await refreshSession();
    },
    (error) => {
      if (error instanceof ApiRequestError && error.message === ACC.noPassword) {
        setByUsername(true);
        setTyped('');
        return {};
      }
      return { typed: error instanceof ApiRequestError ? error.message : fieldErrorOf(error, []).form };
    },
  );
  return (
    <Dialog title={ACC.deleteTitle} onClose={onClose} role="alertdialog">
      <form className="account-form" onSubmit={submit} noValidate>
        <p>{ACC.deleteWarning}</p>
        <Field
          label={byUsername ? 'Type your username to confirm' : 'Your password'}
          type={byUsername ? 'text' : 'password'}
          autoComplete={byUsername ? 'off' : 'current-password'}
          value={typed}
          onChange={setTyped}
          error={errors.typed}
          data-autofocus
        />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="danger" disabled={busy}>
            Delete my account
          </button>
        </div>
      </form>
    </Dialog>
  );
}
