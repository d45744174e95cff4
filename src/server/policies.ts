// Who may do what, in one place. Handlers call `authorize(...)` with the loaded resource.
import { forbidden } from './http/errors';
import type { SessionUser } from './accounts/sessions';

type Owned = { user_id: string };

const RULES = {
  /** Only a deck's author edits or deletes it. */
  'deck.edit': (user: SessionUser, deck: Owned) => deck.user_id === user.id,
  'deck.delete': (user: SessionUser, deck: Owned) => deck.user_id === user.id,
  /** Only a comment's author deletes it. */
  'comment.delete': (user: SessionUser, comment: Owned) => comment.user_id === user.id,
} as const;

export type Action = keyof typeof RULES;

export function can(user: SessionUser, action: Action, resource: Owned): boolean {
  return RULES[action](user, resource);
}

export function authorize(user: SessionUser, action: Action, resource: Owned): void {
  if (!can(user, action, resource)) throw forbidden();
}
