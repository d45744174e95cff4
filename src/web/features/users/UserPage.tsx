import { useEffect } from 'react';
import { useParams } from 'react-router';
import { DECKS_PER_PAGE } from '../../../common/game';
import { MESSAGES } from '../../../common/messages';
import { DeckGrid } from '../../components/DeckGrid';
import { Pagination } from '../../components/Pagination';
import { deckCount, pageCount } from '../../components/page-items';
import { ApiRequestError } from '../../lib/api-client';
import { usePageParam } from '../../lib/use-page-param';
import { useUserDecks } from '../../lib/user-decks';

/** /users/{username}: the user's name and decks, 12 per page. The page lives in the URL. */
export default function UserPage() {
  const { username = '' } = useParams();
  const [page, goToPage] = usePageParam();
  const { data, isLoading, error } = useUserDecks(username, page);
  useEffect(() => {
    document.title = `${username} · Deckhub`;
  }, [username]);
  const isMissing = error instanceof ApiRequestError && error.status === 404;
  return (
    <section className="page user-page" aria-labelledby="user-title">
      <h1 id="user-title">{username}</h1>
      {isMissing ? (
        <p className="empty">No such user.</p>
      ) : isLoading ? (
        <p className="loading">{MESSAGES.decks.loading}</p>
      ) : !data || data.decks.length === 0 ? (
        <p className="empty">{MESSAGES.decks.none}</p>
      ) : (
        <>
          <p className="muted">{deckCount(data.totalDecks)}</p>
          <DeckGrid decks={data.decks} />
        </>
      )}
      {data && (
        <Pagination
          page={page}
          pageCount={pageCount(data.totalDecks, DECKS_PER_PAGE)}
          onPageChange={goToPage}
          label={`Pages of ${username}'s decks`}
        />
      )}
    </section>
  );
}
