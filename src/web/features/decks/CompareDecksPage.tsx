// /decks/{id}/compare/{otherId}: two decks side by side, each card marked as shared or only in one.
import { useEffect } from 'react';
import { DeckNotFound } from './DeckNotFound';
import { Link, useParams } from 'react-router';
import type { Deck } from '../../../common/api/decks';
import { MESSAGES } from '../../../common/messages';
import { useDeck } from './api/get-deck';
import { cardsOf } from './DeckPage';

/** A card's identity for the comparison: its catalog code, or its name for a deck from before codes were kept. */
const keyOf = (card: { name: string; code: string | null }) => card.code ?? `name:${card.name}`;

function DeckColumn({ deck, other }: { deck: Deck; other: Deck }) {
  const theirs = new Set(cardsOf(other).map(keyOf));
  const cards = cardsOf(deck);
  const only = cards.filter((card) => !theirs.has(keyOf(card))).length;
  return (
    <section className="compare-column" aria-labelledby={`compare-${deck._id}`}>
      <h2 id={`compare-${deck._id}`}>
        <Link to={`/decks/${deck._id}`}>{deck.title}</Link> <span className="muted">by {deck.user}</span>
      </h2>
      <p className="muted">
        {MESSAGES.decks.onlyHere}: {only}
      </p>
      <ol className="compare-cards">
        {cards.map((card, i) => {
          const shared = theirs.has(keyOf(card));
          return (
            <li key={`${keyOf(card)}-${i}`} className={shared ? 'compare-shared' : 'compare-only'}>
              {card.code ? <Link to={`/cards/${encodeURIComponent(card.code)}`}>{card.name}</Link> : card.name}{' '}
              {!shared && <span className="compare-mark">({MESSAGES.decks.onlyHere.toLowerCase()})</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export default function CompareDecksPage() {
  const { deckId = '', otherId = '' } = useParams();
  const first = useDeck(deckId);
  const second = useDeck(otherId);
  const [a, b] = [first.data, second.data];
  useEffect(() => {
    if (a && b) document.title = `${MESSAGES.decks.compareTitle(a.title, b.title)} · Deckhub`;
  }, [a, b]);
  if (first.isLoading || second.isLoading) return <p className="loading">Loading decks...</p>;
  if (!a || !b) return <DeckNotFound />;
  return (
    <article className="page compare-page" aria-labelledby="compare-title">
      <h1 id="compare-title">{MESSAGES.decks.compareTitle(a.title, b.title)}</h1>
      <div className="compare-columns">
        <DeckColumn deck={a} other={b} />
        <DeckColumn deck={b} other={a} />
      </div>
    </article>
  );
}
