// Options of the category pickers and the pure rules behind their look and their matching,
// kept apart from react-select so they can be unit-tested and reused without it.
import { ALBUMS, COLLECTIONS, TAGS, albumOfCard } from '../../common/game';
import type { Card } from '../../common/api/cards';
import { normalizeName } from '../../common/text';

/** One picker option: `value` is what the API stores, `label` what people read, `color` the game's colour. */
export interface ColoredOption {
  value: string;
  label: string;
  color: string;
  /** The label as typed text is matched against: see normalizeName. Computed once for the thousands of cards. */
  searchKey?: string;
}

/** Colour of a value the game gives no colour to (an unknown card, an unknown stored value). */
export const NEUTRAL_COLOR = '#9aa3b5';
/** The multi-select's height is capped at this many pixels… */
export const MULTI_SELECT_MAX_HEIGHT_PX = 110;
/** …once at least this many values are selected. */
export const MULTI_SELECT_CAP_FROM = 5;

const albumColor = new Map<string, string>(ALBUMS.map((a) => [a.name, a.color]));

export const ALBUM_OPTIONS: readonly ColoredOption[] = ALBUMS.map((a) => ({
  value: a.name,
  label: a.name,
  color: a.color,
}));

/** Collections take the colour of their album; the API stores their short code. */
export const COLLECTION_OPTIONS: readonly ColoredOption[] = [...COLLECTIONS]
  .sort((a, b) => a.name.localeCompare(b.name))
  .map((c) => ({ value: c.code, label: c.name, color: albumColor.get(c.album) ?? NEUTRAL_COLOR }));

export const TAG_OPTIONS: readonly ColoredOption[] = TAGS.map((t) => ({
  value: t.name,
  label: t.name,
  color: t.color,
}));

/**
 * Cards are searched by name, coloured by the album their code belongs to. A name
 * printed in several collections appears once, with the colour of its first code.
 */
export function cardOptions(cards: readonly Card[]): ColoredOption[] {
  const byName = new Map<string, ColoredOption>();
  for (const card of cards) {
    if (byName.has(card.Name)) continue;
    const album = albumOfCard(card.Code);
    byName.set(card.Name, {
      value: card.Name,
      label: card.Name,
      color: (album && albumColor.get(album)) || NEUTRAL_COLOR,
      searchKey: normalizeName(card.Name),
    });
  }
  return [...byName.values()];
}

/** The options of the given values, in their order; a value missing from the list still shows, neutral. */
export function selectedOptions(values: readonly string[], options: readonly ColoredOption[]): ColoredOption[] {
  const byValue = new Map(options.map((o) => [o.value, o]));
  return values.map((v) => byValue.get(v) ?? { value: v, label: v, color: NEUTRAL_COLOR });
}

/** The picker's max height in px, or undefined when it may grow (110px from 5 values). */
export function multiSelectMaxHeight(selectedCount: number): number | undefined {
  return selectedCount >= MULTI_SELECT_CAP_FROM ? MULTI_SELECT_MAX_HEIGHT_PX : undefined;
}

/** Black or white, whichever reads better on the given #rrggbb colour (WCAG relative luminance). */
export function readableTextColor(hex: string): '#000000' | '#ffffff' {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return '#000000';
  const n = parseInt(m[1], 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05); they are equal at L ≈ 0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/**
 * The options to list for what was typed: at most `limit`, names starting with the text first.
 * Text and names are compared the way the server looks cards up (accents, case and punctuation
 * folded), so "cano cristales" finds "Caño Cristales" and "the fool xxii" finds "The Fool (XXII)".
 * The card catalog has thousands of names; rendering them all makes the menu sluggish.
 */
export function filterOptions(options: readonly ColoredOption[], input: string, limit: number): ColoredOption[] {
  const text = normalizeName(input);
  if (!text) return options.slice(0, limit);
  const starts: ColoredOption[] = [];
  const contains: ColoredOption[] = [];
  for (const option of options) {
    const label = option.searchKey ?? normalizeName(option.label);
    if (label.startsWith(text)) starts.push(option);
    else if (label.includes(text)) contains.push(option);
    if (starts.length >= limit) break;
  }
  return [...starts, ...contains].slice(0, limit);
}
