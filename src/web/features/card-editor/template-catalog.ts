// The 77 card templates: 7 template albums × 11 frames. Pure data, so the
// catalog can be tested and the selectors built without rendering any SVG.
import { LIMITED_VARIANTS, RARITIES, TEMPLATE_ALBUMS, type Rarity } from '../../../common/game';
import { ALBUMS, type AlbumName } from '../../../common/taxonomy';

export type TemplateAlbum = (typeof TEMPLATE_ALBUMS)[number];
export type Edition = 'Basic' | 'Limited';
export const EDITIONS: readonly Edition[] = ['Basic', 'Limited'];
export { RARITIES, TEMPLATE_ALBUMS, type Rarity };

/** Only these rarities exist as Limited cards. */
export const LIMITED_RARITIES: readonly Rarity[] = ['Common', 'Rare', 'Epic', 'Legendary'];

/** Frames whose cards carry no collection badge: the editor clears it for them. */
export const RARITIES_WITHOUT_COLLECTION: readonly Rarity[] = ['Mythic', 'Ultra Fusion'];

export interface CardTemplate {
  /** Stable id, also used in the DOM (`data-template-id`) and in saved editor state. */
  id: string;
  album: TemplateAlbum;
  limited: Edition;
  rarity: Rarity;
  /** The frame's name as the game shows it: "Rare", "Limited Rare", "Ultra Fusion"... */
  frame: string;
  /** Album colour, from the shared taxonomy. */
  color: string;
}

const ALBUM_FULL_NAMES: Record<TemplateAlbum, AlbumName> = {
  Space: 'Space',
  Science: 'Science',
  Paleo: 'Paleontology',
  Oceans: 'Oceans & Seas',
  Life: 'Life on Land',
  History: 'History',
  Arts: 'Arts & Culture',
};

export function albumColor(album: TemplateAlbum): string {
  const found = ALBUMS.find((a) => a.name === ALBUM_FULL_NAMES[album]);
  if (!found) throw new Error(`No album colour for ${album}`);
  return found.color;
}

export function albumFullName(album: TemplateAlbum): AlbumName {
  return ALBUM_FULL_NAMES[album];
}

export function templateId(album: TemplateAlbum, limited: Edition, rarity: Rarity): string {
  const slug = (s: string) => s.toLowerCase().replace(/\s+/g, '-');
  return [slug(album), limited === 'Limited' ? 'limited' : null, slug(rarity)].filter(Boolean).join('-');
}

function buildCatalog(): CardTemplate[] {
  const frames: { limited: Edition; rarity: Rarity; frame: string }[] = [
    ...RARITIES.map((rarity) => ({ limited: 'Basic' as const, rarity, frame: rarity })),
    ...LIMITED_RARITIES.map((rarity, i) => ({ limited: 'Limited' as const, rarity, frame: LIMITED_VARIANTS[i] })),
  ];
  return TEMPLATE_ALBUMS.flatMap((album) =>
    frames.map(({ limited, rarity, frame }) => ({
      id: templateId(album, limited, rarity),
      album,
      limited,
      rarity,
      frame,
      color: albumColor(album),
    })),
  );
}

export const TEMPLATES: readonly CardTemplate[] = buildCatalog();
const byId = new Map(TEMPLATES.map((t) => [t.id, t]));

export const DEFAULT_TEMPLATE_ID = templateId('Space', 'Basic', 'Rare');

export interface TemplateChoice {
  album: TemplateAlbum;
  limited: Edition;
  rarity: Rarity;
}

/**
 * The template for a dropdown choice. Limited only exists for Common–Legendary, so a Limited
 * choice with another rarity falls back to Limited Common rather than to an invalid frame.
 */
export function resolveTemplate(choice: TemplateChoice): CardTemplate {
  const rarity = choice.limited === 'Limited' && !LIMITED_RARITIES.includes(choice.rarity) ? 'Common' : choice.rarity;
  const found = byId.get(templateId(choice.album, choice.limited, rarity));
  if (!found) throw new Error(`Unknown template ${choice.album}/${choice.limited}/${rarity}`);
  return found;
}

export function findTemplate(id: string): CardTemplate | undefined {
  return byId.get(id);
}

export function rarityOptions(limited: Edition): readonly Rarity[] {
  return limited === 'Limited' ? LIMITED_RARITIES : RARITIES;
}

export function allowsCollectionIcon(rarity: Rarity): boolean {
  return !RARITIES_WITHOUT_COLLECTION.includes(rarity);
}
