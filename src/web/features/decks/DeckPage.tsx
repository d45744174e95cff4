export default function DeckPage() {
  return (
    <section className="page">
      <h1>Deck</h1>
    </section>
  );
}
