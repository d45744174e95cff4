import { Link } from 'react-router';
import type { Deck } from '../../common/api/decks';
import { ThumbsUpIcon } from './ThumbsUpIcon';
import { resizedImageUrl } from '../lib/upload-url';

interface DeckGridProps {
  decks: Deck[];
  /** 'grid' (default) for pages of decks; 'list' for the narrow home columns: thumbnail beside the text. */
  layout?: 'grid' | 'list';
  /** Owner mode (the profile): Edit Deck and Delete Deck on each deck. */
  onEdit?: (deck: Deck) => void;
  onDelete?: (deck: Deck) => void;
}

/** The grid of deck cards used on every list: the image links to the deck, the author to their page. */
export function DeckGrid({ decks, layout = 'grid', onEdit, onDelete }: DeckGridProps) {
  const isList = layout === 'list';
  return (
    <ul className={`deck-grid ${isList ? 'deck-grid-list' : ''}`}>
      {decks.map((deck) => (
        <li key={deck._id} className={`deck-card${deck.isHidden ? ' is-hidden' : ''}`}>
          {/* The title link below names the deck; this image link is a duplicate for pointer users. */}
          <Link to={`/decks/${deck._id}`} className="deck-card-image" tabIndex={-1} aria-hidden="true">
            <img
              src={resizedImageUrl(deck.image, isList ? 200 : 400)}
              alt=""
              width={isList ? 96 : 300}
              height={isList ? 134 : 420}
              loading="lazy"
            />
          </Link>
          <div className="deck-card-body">
            <Link to={`/decks/${deck._id}`} className="deck-card-title">
              {deck.title}
            </Link>
            {/* Only the author (and moderators) get hidden decks in a list. */}
            {deck.isHidden && <span className="hidden-badge">Hidden by a moderator</span>}
            <div className="deck-card-meta">
              <Link to={`/users/${encodeURIComponent(deck.user)}`} aria-label={`By ${deck.user}`}>
                {deck.user}
              </Link>
              {/* role="img": an aria-label on a plain <span> is not announced; the icon and digits are its picture. */}
              <span
                className="deck-card-score"
                role="img"
                aria-label={deck.score === 1 ? '1 upvote' : `${deck.score} upvotes`}
              >
                <ThumbsUpIcon size={16} />
                {deck.score}
              </span>
            </div>
            {(onEdit || onDelete) && (
              <div className="deck-card-actions">
                {onEdit && (
                  <button type="button" onClick={() => onEdit(deck)}>
                    Edit Deck
                  </button>
                )}
                {onDelete && (
                  <button type="button" className="danger" onClick={() => onDelete(deck)}>
                    Delete Deck
                  </button>
                )}
              </div>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
