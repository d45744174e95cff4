import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { newPasswordSchema } from '../../../common/api/users';
import { MESSAGES } from '../../../common/messages';
import { useToast } from '../../components/Toasts';
import { ApiRequestError } from '../../lib/api-client';
import { resetPassword } from './api/accounts-api';
import { Field } from './Field';
import './accounts.css';

/** /reset-password/{token}: the page the reset mail links to (SPEC.md §2, §8). */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const toast = useToast();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordSchema.safeParse(password).error?.issues[0]?.message;
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await resetPassword(token, password);
      toast(MESSAGES.passwordReset.done, 'success');
      navigate('/');
    } catch (err) {
      if (err instanceof ApiRequestError) {
        toast(MESSAGES.passwordReset.failed, 'error');
        // The reason (a used or expired link, a broken rule) is worth showing next to the field.
        setError(err.message);
      } else {
        toast(MESSAGES.passwordReset.error, 'error');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page reset-page" aria-labelledby="reset-title">
      <h1 id="reset-title">Reset Password</h1>
      <form className="account-form" noValidate onSubmit={submit}>
        <Field label="New Password" type="password" value={password} onChange={setPassword} error={error} autoComplete="new-password" />
        <div className="account-actions">
          <span />
          <button type="submit" className="primary" disabled={busy}>
            Reset Password
          </button>
        </div>
      </form>
    </section>
  );
}
