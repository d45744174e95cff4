import { Dialog } from '../../components/Dialog';

/** Sign-in modal: Login and Register tabs, provider sign-in, forgot password (the Accounts issue). */
export function SignInModal({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Sign In" onClose={onClose}>
      <p>Sign-in is coming soon.</p>
    </Dialog>
  );
}
