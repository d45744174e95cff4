export default function InnkeeperPage() {
  return (
    <section className="page">
      <h1>Innkeeper's Decks</h1>
    </section>
  );
}
