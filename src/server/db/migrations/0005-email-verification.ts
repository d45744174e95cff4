import { sql, type Kysely } from 'kysely';

// An account's e-mail address counts as its owner's only once proven: a mailed link followed, a
// password reset done through the mail, or the account created through the sign-in provider (which
// vouched for the address). Until then a provider sign-in with that address must not open the account.
//
// Existing accounts: those without a password could only have been created through the provider, so
// they start verified. Accounts with a password start unverified; their owners prove the address by
// following a verification mail, by resetting the password, or by linking the provider while signed in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'varchar(32)').execute();
  await sql`update users set email_verified_at = created_at where password_hash is null and email is not null`.execute(
    db,
  );

  await db.schema
    .createTable('email_verifications')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The address the mail went to: a link proves that address only, not one the account has since changed to.
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_verifications_user').on('email_verifications').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_verifications').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
