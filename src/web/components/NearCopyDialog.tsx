// The question asked before publishing a near-copy (issue 38): which deck matches, linked (in a new
// tab, so the form stays as it is), whose it is, and publishing goes on only on "Publish anyway".
import { useRef, useState } from 'react';
import { MESSAGES } from '../../common/messages';
import { ConfirmDialog } from './Dialog';
import { findSimilarDecks } from './api/similar-decks';
import { nearCopyOf, type NearCopy } from './near-copy';

/** Splits a message around the deck's title, so the title can be a link inside the one text. */
const TITLE_MARK = '\u0000';

interface NearCopyDialogProps {
  match: NearCopy;
  /** The deck code under review, named when the codes match. */
  deckcode: string;
  /** The signed-in player's username: "your own deck" when it is theirs. */
  username: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

export function NearCopyDialog({ match, deckcode, username, onConfirm, onCancel }: NearCopyDialogProps) {
  const text =
    match.reason === 'cards'
      ? MESSAGES.upload.nearCopyCards(TITLE_MARK, match.shared, match.cardCount)
      : MESSAGES.upload.nearCopyCode(TITLE_MARK, deckcode);
  const [before, after] = text.split(TITLE_MARK);
  return (
    <ConfirmDialog
      title={MESSAGES.upload.nearCopyTitle}
      confirmLabel={MESSAGES.upload.nearCopyConfirm}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p className="near-copy-match">
        {before}
        <a href={`/decks/${match.deck._id}`} target="_blank" rel="noopener">
          {match.deck.title}
        </a>
        {after}
      </p>
      <p>
        {match.deck.user === username ? MESSAGES.upload.nearCopyOwn : MESSAGES.upload.nearCopyOther(match.deck.user)}
      </p>
    </ConfirmDialog>
  );
}

/**
 * Asks the similar-decks check just before publishing, and the player when it finds a near-copy.
 * `confirmPublish` resolves true to publish (no near-copy, or "Publish anyway"), false on Cancel;
 * render `dialog` where the question belongs.
 */
export function useNearCopyConfirm(username: string | null) {
  const [asking, setAsking] = useState<{ match: NearCopy; deckcode: string } | null>(null);
  const answer = useRef<(publish: boolean) => void>(() => {});

  const confirmPublish = async (cardCodes: string[], deckcode: string): Promise<boolean> => {
    let match: NearCopy | null;
    try {
      match = nearCopyOf(await findSimilarDecks(cardCodes, deckcode));
    } catch {
      // The check spares the player a duplicate, nothing more: a copy may be published (the server takes
      // it), so a check that cannot be asked (offline, a busy server) lets the publish go on.
      return true;
    }
    if (!match) return true;
    const found = match;
    return new Promise<boolean>((resolve) => {
      answer.current = (publish) => {
        setAsking(null);
        resolve(publish);
      };
      setAsking({ match: found, deckcode });
    });
  };

  const dialog = asking && (
    <NearCopyDialog
      match={asking.match}
      deckcode={asking.deckcode}
      username={username}
      onConfirm={() => answer.current(true)}
      onCancel={() => answer.current(false)}
    />
  );
  return { confirmPublish, dialog };
}
