// Account settings of the signed-in user: change the password or the address, export everything the
// site holds about them, delete the account. The web forms validate with these same schemas.
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { MAX_PASSWORD_LENGTH, emailSchema, newPasswordSchema } from './users';
import { deckSchema } from './decks';

const ACC = MESSAGES.account;

const currentPassword = z
  .string({ error: ACC.currentPasswordRequired })
  .min(1, { error: ACC.currentPasswordRequired, abort: true })
  .max(MAX_PASSWORD_LENGTH, ACC.wrongPassword);

/** Body of POST /api/account/password. */
export const changePasswordSchema = z.object({ currentPassword, newPassword: newPasswordSchema });
export type ChangePassword = z.input<typeof changePasswordSchema>;

/** Body of POST /api/account/email: the new address is used once confirmed from a link mailed to it. */
export const changeEmailSchema = z.object({ currentPassword, email: emailSchema });
export type ChangeEmail = z.input<typeof changeEmailSchema>;

/**
 * Body of DELETE /api/account: the password, or for an account without one (made through the
 * sign-in provider) its username typed again.
 */
export const deleteAccountSchema = z
  .object({
    currentPassword: currentPassword.optional(),
    confirmUsername: z.string().max(64).optional(),
  })
  .refine((body) => body.currentPassword !== undefined || body.confirmUsername !== undefined, {
    error: ACC.currentPasswordRequired,
  });
export type DeleteAccount = z.input<typeof deleteAccountSchema>;

/** Answer of GET /api/account/export: everything the site holds about the signed-in user. */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    username: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    role: z.string().nullable(),
    createdAt: z.string(),
  }),
  /** The user's decks as the deck page shows them, hidden ones included. */
  decks: z.array(deckSchema),
  comments: z.array(z.object({ id: z.string(), deckId: z.string(), body: z.string(), createdAt: z.string() })),
  votes: z.array(z.object({ deckId: z.string(), createdAt: z.string() })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
