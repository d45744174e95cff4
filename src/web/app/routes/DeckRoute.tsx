// The deck page composes three features at the app level, so features never import each other.
import { useParams } from 'react-router';
import { DeckPage } from '../../features/decks/DeckPage';
import { VoteButton } from '../../features/votes/VoteButton';
import { CommentSection } from '../../features/comments/CommentSection';
import { useSession } from '../../lib/use-session';

export default function DeckRoute() {
  const { deckId = '' } = useParams();
  const { user, hasEmail } = useSession();
  const username = user?.username ?? null;
  return (
    <DeckPage
      key={deckId}
      deckId={deckId}
      renderVote={(deck) => <VoteButton deck={deck} username={username} canVote={hasEmail} />}
      comments={<CommentSection deckId={deckId} username={username} canComment={hasEmail} />}
    />
  );
}
