import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { newPasswordSchema } from '../../../common/api/users';
import { MESSAGES } from '../../../common/messages';
import { useToast } from '../../components/use-toast';
import { resetPassword } from './api/accounts-api';
import { Field } from './Field';
import { firstError, resetRefusal, useAccountForm } from './use-account-form';
import './accounts.css';

/** /reset-password/{token}: the page the reset mail links to. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const toast = useToast();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const { errors, busy, submit } = useAccountForm(
    () => {
      const problem = firstError(newPasswordSchema.safeParse(password));
      return problem ? { password: problem } : {};
    },
    async () => {
      await resetPassword(token, password);
      toast(MESSAGES.passwordReset.done, 'success');
      navigate('/');
    },
    resetRefusal(toast, 'password', MESSAGES.passwordReset),
  );

  return (
    <section className="page reset-page" aria-labelledby="reset-title">
      <h1 id="reset-title">Reset Password</h1>
      <form className="account-form" noValidate onSubmit={submit}>
        <Field
          label="New Password"
          type="password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          autoComplete="new-password"
        />
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
