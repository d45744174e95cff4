import { Link } from 'react-router';

/** What a deck's page (or a comparison with it) shows for a deck that is missing, or hidden from this viewer. */
export function DeckNotFound() {
  return (
    <section className="page">
      <h1>Deck not found</h1>
      <p>
        <Link to="/decks">Browse the decks</Link>
      </p>
    </section>
  );
}
