import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Deck } from '../../../common/api/decks';
import { DECKS_PER_PAGE } from '../../../common/game';
import { MESSAGES } from '../../../common/messages';
import { DeckGrid } from '../../components/DeckGrid';
import { ConfirmDialog } from '../../components/Dialog';
import { Pagination } from '../../components/Pagination';
import { deckCount, pageCount } from '../../components/page-items';
import { useToast } from '../../components/use-toast';
import { useSession } from '../../lib/use-session';
import { usePageParam } from '../../lib/use-page-param';
import { useUserDecks } from '../../lib/user-decks';
import { signOut, useRefreshSession } from './api/accounts-api';
import { useDeleteDeck } from './api/own-decks';
import { EditDeckModal } from './EditDeckModal';
import { ConfirmEmailNotice } from './ConfirmEmailNotice';
import { AccountSettings } from './AccountSettings';
import './accounts.css';

/** The sign-out button waits this long before going home. */
const SIGN_OUT_DELAY_MS = 500;

/** /profile: the signed-in user's decks with Edit Deck and Delete Deck, Sign out, and the account settings. */
export default function ProfilePage() {
  const { user, isLoading } = useSession();
  useEffect(() => {
    document.title = 'My Profile · Deckhub';
  }, []);
  if (isLoading) return <p className="loading">Loading…</p>;
  if (!user?.email_address) {
    return (
      <section className="page">
        <h1>My Profile</h1>
        <p>Sign in to see your profile and manage your decks.</p>
      </section>
    );
  }
  return <OwnProfile username={user.username} />;
}

function OwnProfile({ username }: { username: string }) {
  const { emailVerified } = useSession();
  const [page, goToPage] = usePageParam();
  const { data, isLoading } = useUserDecks(username, page);
  const [editing, setEditing] = useState<Deck | null>(null);
  const [deleting, setDeleting] = useState<Deck | null>(null);
  const deleteDeck = useDeleteDeck();
  const toast = useToast();
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const [signingOut, setSigningOut] = useState(false);

  // Deleting the last deck of the last page leaves an empty page: step back to one with decks.
  const pages = data ? pageCount(data.totalDecks, DECKS_PER_PAGE) : 1;
  useEffect(() => {
    if (data && page > 1 && page > pages) goToPage(Math.max(1, pages));
  });

  const confirmDelete = async () => {
    const deck = deleting;
    setDeleting(null);
    if (!deck) return;
    try {
      await deleteDeck.mutateAsync(deck._id);
      toast('Deck deleted.', 'success');
      // The focus was on the deck's Delete button, which is gone now.
      document.getElementById('profile-title')?.focus();
    } catch (error) {
      toast(error instanceof Error ? `Deck delete failed: ${error.message}` : 'Deck delete failed.', 'error');
    }
  };

  const doSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } catch (error) {
      console.error('Sign out:', error);
    }
    await new Promise((resolve) => setTimeout(resolve, SIGN_OUT_DELAY_MS));
    navigate('/');
    await refreshSession();
  };

  return (
    <section className="page profile-page" aria-labelledby="profile-title">
      <div className="profile-head">
        <h1 id="profile-title" tabIndex={-1}>
          {username}
        </h1>
        <button type="button" onClick={doSignOut} disabled={signingOut}>
          Sign out
        </button>
      </div>
      {!emailVerified && <ConfirmEmailNotice />}
      {isLoading ? (
        <p className="loading">{MESSAGES.decks.loading}</p>
      ) : !data || data.decks.length === 0 ? (
        <p className="empty">{MESSAGES.decks.none}</p>
      ) : (
        <>
          <p className="muted">{deckCount(data.totalDecks)}</p>
          <DeckGrid decks={data.decks} onEdit={setEditing} onDelete={setDeleting} />
        </>
      )}
      {data && <Pagination page={page} pageCount={pages} onPageChange={goToPage} label="Pages of my decks" />}
      <AccountSettings />
      {editing && <EditDeckModal deck={editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete Deck"
          confirmLabel="Delete Deck"
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          <p>{`Delete "${deleting.title}"? This cannot be undone.`}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
