import type { PublicUser } from '../../common/api/users';

/** A user as the API shows them: username and e-mail, never the password hash. */
export function toPublicUser(user: { username: string; email: string | null }): PublicUser {
  return { username: user.username, email_address: user.email };
}
