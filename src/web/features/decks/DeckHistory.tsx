// The deck's card lists over time (issue 39): when each began and the cards it added and removed,
// newest first. A deck never corrected has one list and no history to show.
import { Link } from 'react-router';
import type { DeckVersion } from '../../../common/api/decks';
import { MESSAGES } from '../../../common/messages';
import { useDeckVersions } from './api/get-deck-versions';

function CardLinks({ label, cards }: { label: string; cards: DeckVersion['added'] }) {
  if (cards.length === 0) return null;
  return (
    <p className="deck-version-cards">
      <span className="deck-version-label">{label}:</span>{' '}
      {cards.map((card, i) => (
        <span key={card.code ?? `${card.name}-${i}`}>
          {i > 0 && ', '}
          {card.code ? <Link to={`/cards/${encodeURIComponent(card.code)}`}>{card.name}</Link> : card.name}
        </span>
      ))}
    </p>
  );
}

export function DeckHistory({ deckId }: { deckId: string }) {
  const { data } = useDeckVersions(deckId);
  const versions = data?.versions ?? [];
  if (versions.length < 2) return null;
  return (
    <section className="deck-history" aria-labelledby="deck-history-title">
      <h2 id="deck-history-title">{MESSAGES.decks.historyTitle}</h2>
      <ol className="deck-versions">
        {versions.map((version, i) => {
          const first = i === versions.length - 1;
          const unchanged = !first && version.added.length === 0 && version.removed.length === 0;
          return (
            <li key={version.date}>
              <h3>
                <time dateTime={version.date}>
                  {new Date(version.date).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>{' '}
                · {first ? MESSAGES.decks.versionPublished : MESSAGES.decks.versionChanged}
              </h3>
              <CardLinks label={MESSAGES.decks.versionAdded} cards={version.added} />
              <CardLinks label={MESSAGES.decks.versionRemoved} cards={version.removed} />
              {unchanged && <p className="muted">{MESSAGES.decks.versionNoChange}</p>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
