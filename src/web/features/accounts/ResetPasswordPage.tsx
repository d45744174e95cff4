export default function ResetPasswordPage() {
  return (
    <section className="page">
      <h1>Reset Password</h1>
    </section>
  );
}
