// /decks/new: the deck builder, publishing for users with an e-mail (as the upload dialog).
import DeckBuilderPage from '../../features/builder/DeckBuilderPage';
import { useSession } from '../../lib/use-session';

export default function DeckBuilderRoute() {
  const { hasEmail } = useSession();
  return <DeckBuilderPage canPublish={hasEmail} />;
}
