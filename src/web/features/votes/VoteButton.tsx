import type { Deck } from '../../../common/api/decks';
import { ThumbsUpIcon } from '../../components/ThumbsUpIcon';
import { useVoteDeck } from './api/vote-deck';
import { hasVoted } from './vote-state';

/** The upvote count and thumbs-up: yellow once voted; only users with an e-mail vote. */
interface VoteButtonProps {
  deck: Deck;
  /** The signed-in user's name, or null for a guest. */
  username: string | null;
  /** Only users with an e-mail may vote. */
  canVote: boolean;
}

export function VoteButton({ deck, username, canVote: mayVote }: VoteButtonProps) {
  const vote = useVoteDeck();
  const isVoted = hasVoted(deck, username);
  const canVote = mayVote && !!username;
  return (
    <div className="vote">
      <button
        type="button"
        className={`vote-button ${isVoted ? 'is-voted' : ''}`}
        aria-pressed={isVoted}
        disabled={!canVote}
        aria-label={isVoted ? 'Remove your upvote' : 'Upvote this deck'}
        onClick={() => username && vote.mutate({ deck, username })}
      >
        <ThumbsUpIcon />
      </button>
      <span className="vote-count" aria-live="polite">
        {deck.score === 1 ? '1 upvote' : `${deck.score} upvotes`}
      </span>
      {!canVote && <span className="vote-hint">Sign in to vote</span>}
    </div>
  );
}
