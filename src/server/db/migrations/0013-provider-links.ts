import { sql, type Kysely } from 'kysely';

// Whether the sign-in provider opens an account by its address. A verified address alone is not
// enough: whoever registered the address with a password may have had it verified by a mail scanner
// fetching the link, or by the owner clicking it. So a provider sign-in that meets a password account
// links it only once that account's password is entered in the same flow (accounts/oidc.ts).
//
// Existing accounts: those without a password could only have been created through the provider, so
// they start linked. Password accounts ask for their password at their next provider sign-in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('provider_linked_at', 'varchar(32)').execute();
  await sql`update users set provider_linked_at = created_at where password_hash is null and email is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('provider_linked_at').execute();
}
