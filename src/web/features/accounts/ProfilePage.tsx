export default function ProfilePage() {
  return (
    <section className="page">
      <h1>My Profile</h1>
    </section>
  );
}
