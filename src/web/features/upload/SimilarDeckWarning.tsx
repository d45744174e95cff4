import { MESSAGES } from '../../../common/messages';
import { useSimilarDecks } from '../../components/api/similar-decks';

/** Splits the message around the deck's title, so the title can be a link inside the one text. */
const TITLE_MARK = '\u0000';

/** "This deck matches X (17 of 18 cards)" before publishing, when a public deck holds most of the same cards. */
export function SimilarDeckWarning({ cardCodes }: { cardCodes: string[] }) {
  const { data } = useSimilarDecks(cardCodes);
  const best = data?.decks[0];
  if (!best) return <div role="status" className="similar-warning-slot" />;
  const [before, after] = MESSAGES.upload.matchesDeck(TITLE_MARK, best.shared, data.cardCount).split(TITLE_MARK);
  return (
    <div role="status" className="similar-warning-slot">
      <p className="notice similar-warning">
        {before}
        {/* A new tab, so the review stays as it is. */}
        <a href={`/decks/${best._id}`} target="_blank" rel="noopener">
          {best.title}
        </a>
        {after}
      </p>
    </div>
  );
}
