// The deck page composes three features at the app level, so features never import each other.
import { useParams } from 'react-router';
import { DeckPage } from '../../features/decks/DeckPage';
import { VoteButton } from '../../features/votes/VoteButton';
import { CommentSection } from '../../features/comments/CommentSection';
import { ReportButton } from '../../features/moderation/ReportButton';
import { useSession } from '../../lib/use-session';

export default function DeckRoute() {
  const { deckId = '' } = useParams();
  const { user, hasEmail, isModerator } = useSession();
  const username = user?.username ?? null;
  return (
    <DeckPage
      key={deckId}
      deckId={deckId}
      canCorrect={(deck) => deck.user === username || isModerator}
      renderVote={(deck) => <VoteButton deck={deck} username={username} canVote={hasEmail} />}
      // Signed-in users report what others wrote; their own items need no report.
      renderReport={(deck) =>
        hasEmail && deck.user !== username && <ReportButton itemType="deck" itemId={deck._id} label="Report deck" />
      }
      comments={
        <CommentSection
          deckId={deckId}
          username={username}
          canComment={hasEmail}
          renderActions={(comment) =>
            hasEmail &&
            comment.Username !== username && (
              <ReportButton itemType="comment" itemId={comment._id} label={`Report comment by ${comment.Username}`} />
            )
          }
        />
      }
    />
  );
}
