export default function UserPage() {
  return (
    <section className="page">
      <h1>User</h1>
    </section>
  );
}
