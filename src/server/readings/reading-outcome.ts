// What the player did with a reading before publishing it: the labelled example the recognition
// figures and the evaluation learn from (issue #36). Pure, so it is the same at publish and in tests.

/** A card as read or published. */
export interface CardRef {
  code: string;
  name: string;
}

export interface ReadingOutcome {
  /** Cards read and published as read. */
  kept: CardRef[];
  /** Cards read as one card and published as another: the reader's confusions. */
  changed: { read: CardRef; published: CardRef }[];
  /** Cards published that the reading lacked. */
  added: CardRef[];
  /** Cards read that were not published. */
  removed: CardRef[];
  deckCode: { read: string | null; published: string; kept: boolean };
}

/**
 * Compares the cards read with the cards published. A card in both is kept (as many times as it
 * is in both). What is left on each side is paired in deck order as corrections, since the review
 * form replaces a wrong tile in place; what is left over after pairing was added or removed.
 */
export function compareReading(
  read: { cards: CardRef[]; deckCode: string | null },
  published: { cards: CardRef[]; deckCode: string },
): ReadingOutcome {
  const unmatchedPublished = [...published.cards];
  const kept: CardRef[] = [];
  const unmatchedRead: CardRef[] = [];
  for (const card of read.cards) {
    const at = unmatchedPublished.findIndex((p) => p.code === card.code);
    if (at >= 0) kept.push(...unmatchedPublished.splice(at, 1));
    else unmatchedRead.push(card);
  }
  const pairs = Math.min(unmatchedRead.length, unmatchedPublished.length);
  const changed = unmatchedRead.slice(0, pairs).map((card, i) => ({ read: card, published: unmatchedPublished[i]! }));
  const readCode = read.deckCode?.trim() || null;
  return {
    kept,
    changed,
    added: unmatchedPublished.slice(pairs),
    removed: unmatchedRead.slice(pairs),
    deckCode: {
      read: readCode,
      published: published.deckCode,
      kept: readCode !== null && readCode.toUpperCase() === published.deckCode.trim().toUpperCase(),
    },
  };
}
