import { useEffect, type ReactNode } from 'react';
import { DeckNotFound } from './DeckNotFound';
import { Link } from 'react-router';
import type { Deck } from '../../../common/api/decks';
import { MESSAGES } from '../../../common/messages';
import { DECK_PAGE_IMAGE_WIDTH } from '../../../common/first-requests';
import { TagPills } from '../../components/TagPills';
import { useToast } from '../../components/use-toast';
import { deckCodeOf } from '../../lib/deck-code';
import { resizedImageUrl } from '../../lib/upload-url';
import { useDeck } from './api/get-deck';
import { SimilarDecks } from './SimilarDecks';
import { DeckHistory } from './DeckHistory';
import { deckAsText } from '../../../common/deck-text';

/** Deck images on the deck page are requested at this width (the server preloads the same copy). */
const DECK_IMAGE_WIDTH = DECK_PAGE_IMAGE_WIDTH;

/** Copies the deck as the text GET /api/decks/onedeck/{id}/text answers (one card a line, name and code). */
function CopyAsText({ deck }: { deck: Deck }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(deckAsText(deck));
      toast(MESSAGES.builder.copied, 'success');
    } catch {
      toast(MESSAGES.builder.copyFailed, 'error');
    }
  };
  return (
    <button type="button" onClick={copy}>
      {MESSAGES.decks.copyAsText}
    </button>
  );
}

function DeckCode({ code }: { code: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast('Deck code copied.', 'success');
    } catch {
      toast('Could not copy; select the code and copy it by hand.', 'error');
    }
  };
  return (
    <p className="deck-code">
      <span className="deck-code-label">Deck code</span> <code>{code}</code>{' '}
      <button type="button" onClick={copy} aria-label="Copy deck code">
        Copy
      </button>
    </p>
  );
}

/**
 * The deck's cards with the exact catalog card published (its code), since several cards may share
 * a name; a deck from before codes were kept has names only.
 */
export function cardsOf(deck: Deck): { name: string; code: string | null }[] {
  return deck.cardList ?? deck.cards.map((name) => ({ name, code: null }));
}

interface DeckPageProps {
  deckId: string;
  /** The upvote control for the loaded deck (the votes feature). */
  renderVote: (deck: Deck) => ReactNode;
  /** The comment section (the comments feature). */
  comments: ReactNode;
  /** The report control for the loaded deck (the moderation feature). */
  renderReport?: (deck: Deck) => ReactNode;
  /** Whether the viewer may correct the deck's cards and code (its author, a moderator). */
  canCorrect?: (deck: Deck) => boolean;
}

/** /decks/{deckId}: the deck in detail. Votes and comments come in as slots. */
export function DeckPage({ deckId, renderVote, comments, renderReport, canCorrect }: DeckPageProps) {
  const { data: deck, isLoading, isError } = useDeck(deckId);
  useEffect(() => {
    if (deck) document.title = `${deck.title} · Deckhub`;
  }, [deck]);
  if (isLoading) return <p className="loading">Loading deck...</p>;
  if (isError || !deck) return <DeckNotFound />;
  const code = deckCodeOf(deck);
  // Called once, and its separator only with a control to separate: a hidden Report left a stray "·".
  const report = renderReport?.(deck);
  return (
    <article className="page deck-page" aria-labelledby="deck-title">
      <div className="deck-layout">
        <div className="deck-main">
          {deck.isHidden && (
            <p className="hidden-notice" role="note">
              {MESSAGES.moderation.hiddenNotice('deck')}
            </p>
          )}
          <h1 id="deck-title">{deck.title}</h1>
          <p className="deck-byline">
            by <Link to={`/users/${encodeURIComponent(deck.user)}`}>{deck.user}</Link>
            <span className="deck-date">
              {' '}
              · {new Date(deck.createdAt).toLocaleDateString(undefined, { dateStyle: 'long' })}
            </span>
            {report ? <> · {report}</> : null}
          </p>
          {renderVote(deck)}
          {code && <DeckCode code={code} />}
          {deck.descriptionHtml ? (
            // Markdown rendered by the server into the comments' safe subset (server/comments/comment-markdown.ts).
            <div className="deck-description" dangerouslySetInnerHTML={{ __html: deck.descriptionHtml }} />
          ) : (
            deck.description && <p className="deck-description">{deck.description}</p>
          )}
          <div className="deck-categories">
            <TagPills kind="album" values={deck.albums} label="Albums" />
            <TagPills kind="collection" values={deck.collections} label="Collections" />
            <TagPills kind="tag" values={deck.tags} label="Tags" />
          </div>
          <h2>Cards</h2>
          <p className="deck-card-actions">
            <CopyAsText deck={deck} />{' '}
            <Link className="button-link" to={`/decks/new?from=${encodeURIComponent(deck._id)}`}>
              {MESSAGES.decks.copyToBuilder}
            </Link>
            {canCorrect?.(deck) && (
              <>
                {' '}
                <Link className="button-link" to={`/decks/${encodeURIComponent(deck._id)}/edit-cards`}>
                  {MESSAGES.decks.editCards}
                </Link>
              </>
            )}
          </p>
          {deck.cards.length > 0 ? (
            <ol className="deck-cards" aria-label="Cards">
              {cardsOf(deck).map((card, i) => (
                <li key={`${card.name}-${i}`}>
                  {card.code ? <Link to={`/cards/${encodeURIComponent(card.code)}`}>{card.name}</Link> : card.name}
                  {card.code && (
                    <>
                      {' '}
                      <code className="deck-card-code">{card.code}</code>
                    </>
                  )}
                </li>
              ))}
            </ol>
          ) : (
            <p className="empty">No cards listed.</p>
          )}
          <DeckHistory deckId={deck._id} />
          <SimilarDecks deckId={deck._id} />
        </div>
        <div className="deck-image">
          <img
            src={resizedImageUrl(deck.image, DECK_IMAGE_WIDTH)}
            alt={`Deck list of ${deck.title}`}
            width={DECK_IMAGE_WIDTH}
            fetchPriority="high"
          />
        </div>
      </div>
      {comments}
    </article>
  );
}
