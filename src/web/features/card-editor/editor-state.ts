// The editor's whole state, its transitions, and how it survives a reload (localStorage).
import { isAbilityType, newAbilityId, type AbilityRow, type AbilityType } from './abilities';
import { clampOffset, clampZoom, DEFAULT_TRANSFORM, type ImageTransform } from './image-transform';
import {
  allowsCollectionIcon,
  EDITIONS,
  RARITIES,
  resolveTemplate,
  TEMPLATE_ALBUMS,
  type Edition,
  type Rarity,
  type TemplateAlbum,
  type TemplateChoice,
} from './template-catalog';

export const COLLECTION_BADGES = ['star', 'shield', 'gem', 'crown', 'comet', 'leaf'] as const;
export type CollectionBadge = (typeof COLLECTION_BADGES)[number];

export const FOREGROUND_ICONS = [
  'rocket',
  'flask',
  'dino',
  'fish',
  'tree',
  'castle',
  'palette',
  'planet',
  'atom',
  'bolt',
] as const;
export type ForegroundIcon = (typeof FOREGROUND_ICONS)[number];

export interface BackgroundImage {
  /** An object URL (this session only) or a data URL (small enough to be saved). */
  src: string;
  persistable: boolean;
}

export interface EditorState extends TemplateChoice {
  name: string;
  energy: string;
  power: string;
  abilityTitle: string;
  abilityText: string;
  abilities: AbilityRow[];
  background: BackgroundImage | null;
  transform: ImageTransform;
  foregroundIcon: ForegroundIcon | null;
  collectionIcon: CollectionBadge | null;
}

export const INITIAL_STATE: EditorState = {
  album: 'Space',
  limited: 'Basic',
  rarity: 'Rare',
  name: 'Card Name',
  energy: '3',
  power: '5',
  abilityTitle: 'Ability Title',
  abilityText: 'Give cards in your hand **+2** {power} this turn.',
  abilities: [],
  background: null,
  transform: DEFAULT_TRANSFORM,
  foregroundIcon: null,
  collectionIcon: null,
};

export type TextField = 'name' | 'energy' | 'power' | 'abilityTitle' | 'abilityText';

export type EditorAction =
  | { type: 'template'; choice: Partial<TemplateChoice> }
  | { type: 'field'; field: TextField; value: string }
  | { type: 'addAbility'; ability: AbilityType; id?: string }
  | { type: 'updateAbility'; id: string; text: string }
  | { type: 'removeAbility'; id: string }
  | { type: 'background'; background: BackgroundImage | null }
  | { type: 'transform'; transform: Partial<ImageTransform> }
  | { type: 'foreground'; icon: ForegroundIcon | null }
  | { type: 'collection'; icon: CollectionBadge | null }
  | { type: 'reset' };

/** Stats are 0–99 on the card: keep digits only, at most two. */
export function sanitizeStat(value: string): string {
  return value.replace(/\D/g, '').slice(0, 2);
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'template': {
      const template = resolveTemplate({
        album: state.album,
        limited: state.limited,
        rarity: state.rarity,
        ...action.choice,
      });
      // Mythic and Ultra Fusion cards have no collection badge.
      const collectionIcon = allowsCollectionIcon(template.rarity) ? state.collectionIcon : null;
      return { ...state, album: template.album, limited: template.limited, rarity: template.rarity, collectionIcon };
    }
    case 'field': {
      const value = action.field === 'energy' || action.field === 'power' ? sanitizeStat(action.value) : action.value;
      return { ...state, [action.field]: value };
    }
    case 'addAbility':
      return {
        ...state,
        abilities: [...state.abilities, { id: action.id ?? newAbilityId(), type: action.ability, text: '' }],
      };
    case 'updateAbility':
      return {
        ...state,
        abilities: state.abilities.map((a) => (a.id === action.id ? { ...a, text: action.text } : a)),
      };
    case 'removeAbility':
      return { ...state, abilities: state.abilities.filter((a) => a.id !== action.id) };
    case 'background':
      // A new image starts centred at 1×, the old position means nothing for it.
      return { ...state, background: action.background, transform: DEFAULT_TRANSFORM };
    case 'transform': {
      const next = { ...state.transform, ...action.transform };
      return { ...state, transform: { x: clampOffset(next.x), y: clampOffset(next.y), zoom: clampZoom(next.zoom) } };
    }
    case 'foreground':
      return { ...state, foregroundIcon: action.icon };
    case 'collection':
      return { ...state, collectionIcon: allowsCollectionIcon(state.rarity) ? action.icon : null };
    case 'reset':
      return INITIAL_STATE;
  }
}

// ---- Persistence -------------------------------------------------------------------------

export const STORAGE_KEY = 'deckhub.cardEditor.v1';
/**
 * Largest background (as a data URL, in characters) kept in localStorage. Browsers give a
 * site about 5 MB there, shared with the rest of the app, so stay well under it.
 */
export const MAX_STORED_IMAGE_CHARS = 1_500_000;

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function text(value: unknown, fallback: string, max = 2000): string {
  return typeof value === 'string' ? value.slice(0, max) : fallback;
}

function num(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** Rebuilds a state from whatever was stored, field by field, so a stale or tampered value cannot break the page. */
export function restoreState(raw: unknown): EditorState {
  if (typeof raw !== 'object' || raw === null) return INITIAL_STATE;
  const r = raw as Record<string, unknown>;
  const album = pick<TemplateAlbum>(r.album, TEMPLATE_ALBUMS, INITIAL_STATE.album);
  const limited = pick<Edition>(r.limited, EDITIONS, INITIAL_STATE.limited);
  const rarity = pick<Rarity>(r.rarity, RARITIES, INITIAL_STATE.rarity);
  const template = resolveTemplate({ album, limited, rarity });
  const t = (typeof r.transform === 'object' && r.transform !== null ? r.transform : {}) as Record<string, unknown>;
  const bg = (typeof r.background === 'object' && r.background !== null ? r.background : null) as Record<
    string,
    unknown
  > | null;
  const abilities = Array.isArray(r.abilities)
    ? r.abilities.flatMap((a: unknown): AbilityRow[] => {
        if (typeof a !== 'object' || a === null) return [];
        const row = a as Record<string, unknown>;
        return isAbilityType(row.type)
          ? [{ id: text(row.id, newAbilityId(), 100), type: row.type, text: text(row.text, '') }]
          : [];
      })
    : [];
  const background =
    bg && typeof bg.src === 'string' && bg.src.startsWith('data:image/') ? { src: bg.src, persistable: true } : null;
  const collection =
    r.collectionIcon === null ? null : pick<CollectionBadge | 'none'>(r.collectionIcon, COLLECTION_BADGES, 'none');
  const foreground =
    r.foregroundIcon === null ? null : pick<ForegroundIcon | 'none'>(r.foregroundIcon, FOREGROUND_ICONS, 'none');
  return {
    album: template.album,
    limited: template.limited,
    rarity: template.rarity,
    name: text(r.name, INITIAL_STATE.name, 100),
    energy: sanitizeStat(text(r.energy, INITIAL_STATE.energy, 10)),
    power: sanitizeStat(text(r.power, INITIAL_STATE.power, 10)),
    abilityTitle: text(r.abilityTitle, INITIAL_STATE.abilityTitle, 200),
    abilityText: text(r.abilityText, INITIAL_STATE.abilityText),
    abilities,
    background,
    transform: background
      ? { x: clampOffset(num(t.x, 0)), y: clampOffset(num(t.y, 0)), zoom: clampZoom(num(t.zoom, 1)) }
      : DEFAULT_TRANSFORM,
    foregroundIcon: foreground === 'none' ? null : foreground,
    collectionIcon: collection === 'none' || !allowsCollectionIcon(template.rarity) ? null : collection,
  };
}

export function loadState(storage: Pick<Storage, 'getItem'> | undefined): EditorState {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    return raw ? restoreState(JSON.parse(raw)) : INITIAL_STATE;
  } catch {
    return INITIAL_STATE; // unreadable JSON or storage disabled: start fresh
  }
}

/** What gets stored: everything, except a background that is session-only or too large. */
export function serializeState(state: EditorState): string {
  const keepImage = state.background?.persistable && state.background.src.length <= MAX_STORED_IMAGE_CHARS;
  return JSON.stringify({ ...state, background: keepImage ? state.background : null });
}

export function saveState(storage: Pick<Storage, 'setItem'> | undefined, state: EditorState): void {
  try {
    storage?.setItem(STORAGE_KEY, serializeState(state));
  } catch {
    // Quota exceeded or storage disabled: retry without the image, which is the only big part.
    try {
      storage?.setItem(STORAGE_KEY, serializeState({ ...state, background: null }));
    } catch {
      /* nothing more to do; the editor still works, it just won't be restored */
    }
  }
}
