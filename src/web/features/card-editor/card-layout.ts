// Where everything sits on the card, in card px. Shared by the SVG frame, the HTML text
// layers and the text fitting, so the three cannot drift apart.

export const CARD_WIDTH = 300;
export const CARD_HEIGHT = 420;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const LAYOUT = {
  art: { x: 18, y: 62, width: 264, height: 206 },
  nameBanner: { x: 56, y: 16, width: 188, height: 38 },
  /** The text box inside the banner, minus its padding. */
  name: { x: 62, y: 20, width: 176, height: 30 },
  energy: { x: 10, y: 10, width: 48, height: 48 },
  power: { x: 242, y: 10, width: 48, height: 48 },
  abilityBox: { x: 18, y: 276, width: 264, height: 124 },
  ability: { x: 27, y: 283, width: 246, height: 110 },
  collection: { x: 244, y: 230, width: 32, height: 32 },
  foreground: { x: 90, y: 128, width: 120, height: 120 },
} as const satisfies Record<string, Rect>;

/** Font steps, largest first ("text size adapts to text length"). */
export const NAME_FONT_STEPS = [20, 18, 16, 14, 13, 12, 11, 10] as const;
export const ABILITY_FONT_STEPS = [15, 14, 13, 12, 11, 10, 9, 8, 7] as const;
export const STAT_FONT_SIZE = 26;
export const LINE_HEIGHT = 1.2;
/** One font stack for display and measurement; Liberation Sans is Arial's metric twin on Linux. */
export const CARD_FONT = "Arial, 'Liberation Sans', Helvetica, sans-serif";
