import { useEffect, useMemo, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { resizedImageUrl } from '../../lib/upload-url';
import { useGalleryDecks } from './api/get-gallery-decks';
import { REST, ROTATE_MS, shuffle, tiltAt, tiltTransform, type Tilt } from './tilt';
import artSpace from './art/art-space.svg';
import artOceans from './art/art-oceans.svg';
import artLand from './art/art-land.svg';
import artPaleo from './art/art-paleo.svg';
import artHistory from './art/art-history.svg';
import artArts from './art/art-arts.svg';
import wikiArt from './art/wiki.svg';

/** The game's community wiki. */
export const WIKI_URL = 'https://cards-the-universe-and-everything.fandom.com/';
/** Six art images of the Custom Card Tool tile. */
const CARD_TOOL_ART = [artSpace, artOceans, artLand, artPaleo, artHistory, artArts];
/** Gallery images are 300 by 400. */
const IMAGE_WIDTH = 300;
const IMAGE_HEIGHT = 400;

function usePrefersReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(query);
    const update = () => setReduced(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return reduced;
}

/** The index of the image to show, advancing every 3 s while motion is allowed. */
function useRotation(count: number, isPaused: boolean): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (isPaused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => clearInterval(timer);
  }, [count, isPaused]);
  return count ? index % count : 0;
}

interface TileProps {
  title: string;
  images: string[];
  isStill: boolean;
  /** The first tile's image is the likely Largest Contentful Paint; it loads first. */
  isEager?: boolean;
  children: (content: ReactNode) => ReactNode;
}

function Tile({ title, images, isStill, isEager, children }: TileProps) {
  const index = useRotation(images.length, isStill);
  const [tilt, setTilt] = useState<Tilt>(REST);
  const frame = useRef(0);
  // The handlers sit on the untransformed list item: measured on the tilting element itself, the
  // pointer near an edge would fall outside the tilted shape, leave, and make the tile flicker.
  const move = (event: PointerEvent<HTMLLIElement>) => {
    if (isStill) return;
    const box = event.currentTarget.getBoundingClientRect();
    const next = tiltAt(event.clientX - box.left, event.clientY - box.top, box.width, box.height);
    // One style update per frame, however fast the pointer events arrive.
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setTilt(next));
  };
  const leave = () => {
    cancelAnimationFrame(frame.current);
    setTilt(REST);
  };
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  const content = (
    <>
      <span className="gallery-image">
        {images.length > 0 ? (
          <img
            key={images[index]}
            src={images[index]}
            alt=""
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            fetchPriority={isEager ? 'high' : undefined}
            data-index={index}
          />
        ) : (
          <span className="gallery-image-empty" />
        )}
      </span>
      <span className="gallery-title">{title}</span>
    </>
  );
  return (
    <li className="gallery-tile" data-testid={`tile-${title}`} onPointerMove={move} onPointerLeave={leave}>
      <div className="gallery-tilt" style={{ transform: isStill ? undefined : tiltTransform(tilt) }}>
        {children(content)}
      </div>
    </li>
  );
}

/** The landing gallery of `/`: Community Decks, Custom Card Tool, Wiki Fandom. */
export function LandingGallery() {
  const isStill = usePrefersReducedMotion();
  const { data } = useGalleryDecks();
  const deckImages = useMemo(
    () => shuffle((data?.decks ?? []).map((d) => resizedImageUrl(d.image, IMAGE_WIDTH))),
    [data],
  );
  const artImages = useMemo(() => shuffle(CARD_TOOL_ART), []);
  return (
    <nav className="gallery" aria-label="Explore Deckhub">
      <ul>
        <Tile title="Community Decks" images={deckImages} isStill={isStill}>
          {(content) => (
            <Link to="/decks" className="gallery-link">
              {content}
            </Link>
          )}
        </Tile>
        <Tile title="Custom Card Tool" images={artImages} isStill={isStill} isEager>
          {(content) => (
            <Link to="/customcards" className="gallery-link">
              {content}
            </Link>
          )}
        </Tile>
        <Tile title="Wiki Fandom" images={[wikiArt]} isStill={isStill}>
          {(content) => (
            <a href={WIKI_URL} target="_blank" rel="noopener" className="gallery-link">
              {content}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
        </Tile>
      </ul>
    </nav>
  );
}
