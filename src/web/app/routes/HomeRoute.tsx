// Home composes features at the app level, so features never import each other.
import { HomePage } from '../../features/home/HomePage';
import { LandingGallery } from '../../features/gallery/LandingGallery';
import { UploadDeckButton } from '../UploadDeckButton';

/** `/` shows the landing gallery above the decks; `/decks` is the same page without it. */
export function HomeRoute({ withGallery = false }: { withGallery?: boolean }) {
  return <HomePage hero={withGallery ? <LandingGallery /> : undefined} searchActions={<UploadDeckButton />} />;
}
