// The account settings under the own profile's decks: change the password or the e-mail address,
// download everything the site holds, delete the account. Each change asks for the current password.
import { useState } from 'react';
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

function ChangePasswordForm() {
  const toast = useToast();
  const [values, setValues] = useState<ChangePassword>({ currentPassword: '', newPassword: '' });
  const { errors, busy, submit } = useAccountForm(
    () => issuesByField(changePasswordSchema.safeParse(values)),
    async () => {
      const { message } = await changePassword(values);
      setValues({ currentPassword: '', newPassword: '' });
      toast(message, 'success');
    },
    refusedUnder({ newPassword: Object.values(MESSAGES.registration) }),
  );
  return (
    <form className="account-form" onSubmit={submit} noValidate aria-labelledby="password-title">
      <h3 id="password-title">Change password</h3>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={(currentPassword) => setValues({ ...values, currentPassword })}
        error={errors.currentPassword}
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={(newPassword) => setValues({ ...values, newPassword })}
        error={errors.newPassword}
      />
      {errors.form && <p className="field-error">{errors.form}</p>}
      <button type="submit" disabled={busy}>
        Change password
      </button>
    </form>
  );
}

function ChangeEmailForm() {
  const toast = useToast();
  const [values, setValues] = useState<ChangeEmail>({ currentPassword: '', email: '' });
  const { errors, busy, submit } = useAccountForm(
    () => issuesByField(changeEmailSchema.safeParse(values)),
    async () => {
      const { message } = await changeEmail(values);
      setValues({ currentPassword: '', email: '' });
      toast(message, 'success');
    },
    refusedUnder({ email: [...Object.values(MESSAGES.registration), ACC.sameEmail] }),
  );
  return (
    <form className="account-form" onSubmit={submit} noValidate aria-labelledby="email-title">
      <h3 id="email-title">Change e-mail address</h3>
      <Field
        label="New e-mail address"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(email) => setValues({ ...values, email })}
        error={errors.email}
      />
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={(currentPassword) => setValues({ ...values, currentPassword })}
        error={errors.currentPassword}
      />
      {errors.form && <p className="field-error">{errors.form}</p>}
      <button type="submit" disabled={busy}>
        Change e-mail address
      </button>
    </form>
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
