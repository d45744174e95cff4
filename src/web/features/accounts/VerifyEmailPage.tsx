import { useNavigate, useParams } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import { confirmEmail } from './api/accounts-api';
import { useAccountForm } from './use-account-form';
import './accounts.css';

/**
 * /verify-email/{token}: the page the confirmation mail links to. Only its button confirms: mail
 * scanners open every link of a mail, and an address must not count as proven because one did.
 */
export default function VerifyEmailPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { errors, busy, submit } = useAccountForm(
    () => ({}),
    async () => {
      await confirmEmail(token);
      // The home page tells the news once (landing-notices.ts).
      navigate('/?email-verified=1');
    },
  );

  return (
    <section className="page reset-page" aria-labelledby="verify-title">
      <h1 id="verify-title">Confirm E-mail Address</h1>
      <form className="account-form" noValidate onSubmit={submit}>
        <p>{MESSAGES.emailVerification.confirmPrompt}</p>
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="account-actions">
          <span />
          <button type="submit" className="primary" disabled={busy}>
            {MESSAGES.emailVerification.confirmButton}
          </button>
        </div>
      </form>
    </section>
  );
}
