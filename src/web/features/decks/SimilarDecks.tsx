import { Link } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import { Bar } from '../../components/charts';
import { useSimilarDecks } from './api/get-similar-decks';

/** One side of a similar deck's difference: the cards only one of the two decks holds. */
function CardDifference({ label, cards }: { label: string; cards: { code: string; name: string }[] }) {
  if (cards.length === 0) return null;
  return (
    <p className="similar-difference">
      <span className="muted">{label}:</span>{' '}
      {cards.map((card, i) => (
        <span key={card.code}>
          {i > 0 && ', '}
          <Link to={`/cards/${encodeURIComponent(card.code)}`}>{card.name}</Link>
        </span>
      ))}
    </p>
  );
}

/** The public decks sharing at least 12 cards with this one, most shared first; nothing when there are none. */
export function SimilarDecks({ deckId }: { deckId: string }) {
  const { data } = useSimilarDecks(deckId);
  if (!data || data.decks.length === 0) return null;
  return (
    <section className="similar-decks" aria-labelledby="similar-decks-title">
      <h2 id="similar-decks-title">{MESSAGES.decks.similarTitle}</h2>
      <ol>
        {data.decks.map((deck) => (
          <li key={deck._id}>
            <Link to={`/decks/${deck._id}`}>{deck.title}</Link> <span className="muted">by {deck.user}</span>{' '}
            <span className="similar-shared">
              <Bar value={deck.shared} max={data.cardCount} width={54} />{' '}
              {MESSAGES.decks.sharedCards(deck.shared, data.cardCount)}
            </span>{' '}
            <Link to={`/decks/${deckId}/compare/${deck._id}`} aria-label={`${MESSAGES.decks.compare}: ${deck.title}`}>
              {MESSAGES.decks.compare}
            </Link>
            <CardDifference label={MESSAGES.decks.onlyHere} cards={deck.onlyInThis} />
            <CardDifference label={MESSAGES.decks.onlyThere} cards={deck.onlyInOther} />
          </li>
        ))}
      </ol>
    </section>
  );
}
