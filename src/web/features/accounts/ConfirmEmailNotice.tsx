// On the profile of an account whose address is not confirmed yet: why it matters, and a button
// that mails a new confirmation link (the one sent at registration may be lost or expired).
import { useState } from 'react';
import { MESSAGES } from '../../../common/messages';
import { useToast } from '../../components/use-toast';
import { requestEmailConfirmation } from './api/accounts-api';

export function ConfirmEmailNotice() {
  const toast = useToast();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const { message } = await requestEmailConfirmation();
      toast(message, 'success');
    } catch (error) {
      toast(error instanceof Error ? error.message : MESSAGES.emailVerification.sendFailed, 'error');
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="confirm-email" role="note">
      <p>{MESSAGES.emailVerification.notConfirmed}</p>
      <button type="button" onClick={send} disabled={sending}>
        {MESSAGES.emailVerification.sendButton}
      </button>
    </div>
  );
}
