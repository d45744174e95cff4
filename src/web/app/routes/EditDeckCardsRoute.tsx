// /decks/{id}/edit-cards: the deck builder correcting a published deck's cards and code (issue 38).
// The server decides who may (the author or a moderator); the deck page links it only for them.
import { useParams } from 'react-router';
import DeckBuilderPage from '../../features/builder/DeckBuilderPage';
import { useSession } from '../../lib/use-session';

export default function EditDeckCardsRoute() {
  const { deckId = '' } = useParams();
  const { hasEmail } = useSession();
  return <DeckBuilderPage key={deckId} canPublish={hasEmail} editDeckId={deckId} />;
}
