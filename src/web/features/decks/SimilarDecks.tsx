import { Link } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import { Bar } from '../../components/charts';
import { useSimilarDecks } from './api/get-similar-decks';

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
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
