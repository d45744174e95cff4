// The account rules, written once: the server validates requests with these schemas
// and the sign-in modal validates its fields with the same ones, so both show the same texts.
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../game';
import { MESSAGES } from '../messages';
import { isCanonicalIdentifier } from '../identifiers';

const REG = MESSAGES.registration;

/** Usernames: 3–32 letters, digits, `_`, `.` or `-`; unique regardless of case. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
/** Passwords: letters, digits and ! # $ ^ * only. */
export const PASSWORD_PATTERN = /^[A-Za-z0-9!#$^*]*$/;
/** An address with one @, no spaces and a dot in the domain: what the old site's pattern accepted. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Longest password accepted: argon2 copes with more, but nobody types more and it bounds the work. */
export const MAX_PASSWORD_LENGTH = 128;

/** A required text field: a missing value and an empty one both get the field's own message. */
const required = (message: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : 'Must be text.') })
    .min(1, { error: message, abort: true });

export const emailSchema = required(REG.emailRequired)
  .trim()
  .min(1, { error: REG.emailRequired, abort: true })
  .max(254, REG.invalidEmail)
  // No NUL, no lone surrogate, no compatibility characters that would fold onto another address.
  .refine(isCanonicalIdentifier, REG.invalidEmail)
  .regex(EMAIL_PATTERN, REG.invalidEmail)
  // Addresses are compared and stored lower-cased, so one mailbox is one account.
  .toLowerCase();

// The ASCII pattern keeps every new username canonical (see identifiers.ts) by construction.
export const usernameSchema = required(REG.usernameRequired)
  .trim()
  .min(1, { error: REG.usernameRequired, abort: true })
  .regex(USERNAME_PATTERN, REG.usernameInvalid);

export const newPasswordSchema = required(REG.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, { error: REG.passwordTooShort, abort: true })
  .max(MAX_PASSWORD_LENGTH, `Password must contain at most ${MAX_PASSWORD_LENGTH} characters!`)
  .regex(PASSWORD_PATTERN, REG.passwordCharacters);

/** Body of POST /api/users/{email}: registration. */
export const registrationSchema = z.object({
  email_address: emailSchema,
  username: usernameSchema,
  password: newPasswordSchema,
});
export type Registration = z.input<typeof registrationSchema>;

/** Body of POST /api/users/passwordlogin/. Any stored username may sign in, so no pattern here. */
export const loginSchema = z.object({
  username: required(MESSAGES.login.usernameRequired).max(64, MESSAGES.login.unknownUser),
  password: required(MESSAGES.login.passwordRequired).max(MAX_PASSWORD_LENGTH, MESSAGES.login.wrongPassword),
});
export type Login = z.input<typeof loginSchema>;

/** A user as the API shows them: never the password hash. */
export const userSchema = z.object({ username: z.string(), email_address: z.string().nullable() });
export type PublicUser = z.infer<typeof userSchema>;

/** Which sign-in providers the server has configured; the web shows a button only for these. */
export const providersSchema = z.object({ oidc: z.boolean() });
export type Providers = z.infer<typeof providersSchema>;

/** GET /api/session. */
/** Answer of GET /api/session; `emailVerified` is false for a guest and for an address not yet confirmed. */
export const sessionSchema = z.object({
  user: userSchema.nullable(),
  providers: providersSchema,
  emailVerified: z.boolean(),
  /** Whether the signed-in user is a moderator (sees /moderation); left out when not. */
  isModerator: z.literal(true).optional(),
});

/** Body of POST /api/request-password-reset/. */
export const resetRequestSchema = z.object({ forgotEmail: emailSchema });

/** Body of POST /api/reset-password. */
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: 'The reset link is missing its token.' })
    .min(1, 'The reset link is missing its token.')
    .max(200),
  password: newPasswordSchema,
});

/** Body of POST /api/auth/oidc/complete: the username chosen after a provider sign-in. */
export const chooseUsernameSchema = z.object({ username: usernameSchema });

/** Body of POST /api/auth/oidc/link: the password of the account a provider sign-in met. */
export const linkProviderSchema = loginSchema.pick({ password: true });

/** Answer of GET /api/auth/oidc/pending-link: the account waiting for its password. */
export const pendingLinkSchema = z.object({ username: z.string(), email_address: z.string() });

/** A plain `{message}` answer for calls whose only news is success. */
export const messageSchema = z.object({ message: z.string() });

export type RegistrationField = 'email_address' | 'username' | 'password' | 'confirm';
export interface RegistrationForm {
  email_address: string;
  username: string;
  password: string;
  confirm: string;
}

/** The first rule each field of the register form breaks, keyed by field (empty when all pass). */
export function registrationFormErrors(form: RegistrationForm): Partial<Record<RegistrationField, string>> {
  const errors: Partial<Record<RegistrationField, string>> = {};
  const first = (schema: z.ZodType, value: string) => schema.safeParse(value).error?.issues[0]?.message;
  const email = first(emailSchema, form.email_address);
  const username = first(usernameSchema, form.username);
  const password = first(newPasswordSchema, form.password);
  if (email) errors.email_address = email;
  if (username) errors.username = username;
  if (password) errors.password = password;
  if (!form.confirm) errors.confirm = REG.confirmRequired;
  else if (form.confirm !== form.password) errors.confirm = REG.passwordsMustMatch;
  return errors;
}
