// Who may do what, in one place. Handlers call `authorize(...)` with the loaded resource.
import { forbidden, notFound } from './http/errors';
import type { SessionUser } from './accounts/sessions';

type Owned = { user_id: string };
/** A deck or a comment: a moderator may have hidden it. */
type Hideable = Owned & { hidden_at: string | null };

/** The role `npm run users:role -- NAME moderator` gives. */
export const MODERATOR_ROLE = 'moderator';

const isModerator = (user: SessionUser | null) => user?.role === MODERATOR_ROLE;
const isOwner = (user: SessionUser | null, item: Owned) => user !== null && item.user_id === user.id;
const canSeeItem = (user: SessionUser | null, item: Hideable) =>
  item.hidden_at === null || isOwner(user, item) || isModerator(user);

const RULES = {
  /** Only a deck's author edits or deletes it. */
  'deck.edit': (user: SessionUser | null, deck: Owned) => isOwner(user, deck),
  /** A misread deck's cards and code: its author, or a moderator. */
  'deck.correct': (user: SessionUser | null, deck: Owned) => isOwner(user, deck) || isModerator(user),
  'deck.delete': (user: SessionUser | null, deck: Owned) => isOwner(user, deck),
  /** Only a comment's author deletes it. */
  'comment.delete': (user: SessionUser | null, comment: Owned) => isOwner(user, comment),
  /**
   * A hidden deck or comment is seen only by its author (marked hidden) and by moderators; for
   * everyone else it does not exist (404), so it cannot be read, voted on, commented or reported.
   */
  'item.see': (user: SessionUser | null, item: Hideable) => canSeeItem(user, item),
  /** A comment is seen by whoever sees it and its deck: on a hidden deck it is as missing as the deck. */
  'comment.see': (user: SessionUser | null, comment: Hideable & { deck: Hideable }) =>
    canSeeItem(user, comment) && canSeeItem(user, comment.deck),
  /** A user's deck list shows the decks a moderator hid (marked) to that user and to moderators. */
  'decks.listHidden': (user: SessionUser | null, author: { id: string }) => user?.id === author.id || isModerator(user),
  /** Only moderators read the report queue and hide, restore or dismiss. */
  'moderation.act': (user: SessionUser | null) => isModerator(user),
  /** Only moderators see the cards proposed from screenshots and approve them into the catalog or reject them. */
  'cards.decideProposals': (user: SessionUser | null) => isModerator(user),
  /** Only moderators see how well the reader reads uploads (the cards players corrected, their decks). */
  'moderation.recognition': (user: SessionUser | null) => isModerator(user),
} as const;

export type Action = keyof typeof RULES;
type ResourceOf<A extends Action> = Parameters<(typeof RULES)[A]>[1];

export function can<A extends Action>(
  user: SessionUser | null,
  action: A,
  ...resource: ResourceOf<A> extends undefined ? [] : [ResourceOf<A>]
): boolean {
  return (RULES[action] as (user: SessionUser | null, resource?: unknown) => boolean)(user, resource[0]);
}

export function authorize<A extends Action>(
  user: SessionUser | null,
  action: A,
  ...resource: ResourceOf<A> extends undefined ? [] : [ResourceOf<A>]
): void {
  if (!can(user, action, ...resource)) throw forbidden();
}

/**
 * A hidden item the user may not see answers as if it did not exist (404 with the same text as a
 * missing one). Call it before any other rule: a 403 on a hidden item would tell it exists.
 */
export function authorizeSeeing(user: SessionUser | null, item: Hideable, missing = 'Not found.'): void {
  if (!can(user, 'item.see', item)) throw notFound(missing);
}

/** The same for a comment, which its deck being hidden hides too. */
export function authorizeSeeingComment(
  user: SessionUser | null,
  comment: Hideable & { deck: Hideable },
  missing = 'No such comment.',
): void {
  if (!can(user, 'comment.see', comment)) throw notFound(missing);
}
