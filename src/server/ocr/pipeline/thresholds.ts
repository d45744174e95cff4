/**
 * The thresholds of the screenshot reader's stages, in one place: each says why it has its value
 * (what was measured, on which images). Changing one is a tuning change: run `npm run bench:ocr`
 * on seeds never tuned on before and after.
 */
/** Below this a tile's best match is a guess, not a reading: leave the card out. */
export const MIN_CARD_CONFIDENCE = 0.6;
/**
 * What a single reading needs to be taken for a card whose name is shorter than
 * CLEAR_CARD_MIN_LENGTH: chance lands a garbled reading of a few letters on some short name at
 * 0.6-0.7 ("LAN" on Mulan, "NAYS" on Nails, "ENA" on DNA). Over 120 images made to probe it (the
 * real screenshot and generated ones at 450-800 px, JPEG q40-70, a third blurred), of the 355
 * tiles read twice or more, single readings of short names at 0.6-0.7 were right 2 times and
 * wrong 8; of long names, right once and never wrong.
 */
export const MIN_SHORT_NAME_CONFIDENCE = 0.7;
/**
 * A card that garbled readings of its tile vouch for is read even below MIN_CARD_CONFIDENCE, from
 * this sure: a long name in the game's smallest font comes out of a small or blurred image as
 * broken words ("RIN VICIORA aNO ZEN ALD RT"). Two readings vouch for the card they both find: each
 * breaks the name differently, and chance does not land two of them on one card of 2,000. One
 * reading vouches for a card with a long name that fits it CLEAR_CARD_MARGIN better than any other
 * card (the runner-up is where chance lands, 0.30-0.45 on such readings; on a short name chance
 * alone makes wide margins: "Psyche" 0.22 ahead, wrong). Only readings the OCR itself doubts count:
 * a name read cleanly that fits a card at 0.5 is a name the catalog lacks ("THE HIEROPHANT (V)"
 * against the demo cards, read at OCR confidence 55-91; the garbled ones came at 4-39).
 * Over 14,600 tiles (the benchmark's tuning seeds 30-47, and 130 images scaled to 500-1400 px,
 * blurred, turned and tinted at once), the margin took 4 cards, all right, that were left out
 * before; of the 15 wrong best matches at 0.4-0.6, none was a long name 0.12 ahead from 0.5.
 */
export const AGREED_CARD_CONFIDENCE = 0.5;
/**
 * Three garbled readings of a long name, each of another text, vouch for the card they all find
 * from this fit (`foundThrice`): QUEEN VICTORIA AND PRINCE ALBERT at 0.39-0.45 four times on a
 * 595 px blurred copy of the real screenshot ("all at once" tuning seed 305).
 */
export const AGREED_BY_THREE_CONFIDENCE = 0.38;
export const CLEAR_CARD_MARGIN = 0.12;
export const CLEAR_CARD_MIN_LENGTH = 16;
export const GARBLED_OCR_CONFIDENCE = 50;
/**
 * A name of TINY_NAME_LETTERS letters or fewer, spelled exactly in letters the OCR doubts, is
 * taken only from this OCR confidence: chance spells two letters in art and strokes. "Ra" was
 * read at 0 and at 28 where THE FOOL (XXII) and Common Vole were printed (unseen seeds
 * 39445-39450); the two-letter names read right though doubted came at 42-47 (N1 and OX, in 138
 * images of decks drawn from the catalog's two-letter names, every class, tuning seeds 240-242),
 * the card "i" at 44 (tuning seed 231).
 */
export const TINY_NAME_LETTERS = 2;
export const MIN_TINY_NAME_OCR_CONFIDENCE = 35;
/** Below this the name alone is not trusted and the printed code is read too. */
export const NAME_TRUSTED_CONFIDENCE = 0.8;
/**
 * How close another card's fit to a reading must be for the two to fit it as well, so that only
 * the printed code tells them apart. A fit is one less the edits over the longer name's length:
 * one edit from each of two short names leaves fits a few hundredths apart ("FROS", an EROS in a
 * serif face, fits Frost at 0.8 and Eros at 0.75: Frost was taken over a clear ACEV011, "other name
 * face" unseen seed 39394). At 0.02 only names of one length tied. Tuning seeds 230-235, every
 * class (360 images), and 1-30 of two restyles (120): no reading changed, CPU per image the same.
 */
export const SAME_FIT_MARGIN = 0.06;
/**
 * The lowest text line taken for a name, as a share of the tile's height: the game sets a long
 * name ("THE INFINITE GRAND HOTEL") in a smaller font, about 0.025 of the tile against 0.04.
 */
export const MIN_NAME_HEIGHT = 0.02;
/**
 * The lowest line taken for a name found away from the usual place: the smallest font's lines
 * measure 4 px on tiles of 218 (0.018; LUDWIG I OF BAVARIA AND THERESE OF SAXE-HILDBURGHAUSEN,
 * name band high, seed 429). At the usual place such a thin line is more often a blurred name's
 * middle word, and a looser whiteness finds the whole name there.
 */
export const MIN_FOUND_NAME_HEIGHT = 0.017;

/** Capital height (as the line finder measures it) to scale text to; ~2x for an 800 px screen. */
export const TARGET_TEXT_HEIGHT = 22;
/**
 * The most a name is scaled up: only the smallest images (400-500 px wide, names 4-6 px tall)
 * reach it. At 3.5 their names came out 14-18 px tall and 3 of 198 tuning images of the scale
 * class (seeds 1-99) lost a card; at 5, 1 did, with no new miss there or in seeds 1-3 of any class.
 */
export const MAX_NAME_SCALE = 5;

/**
 * The widest gap between two lines of one name, in the line's height as measured. A name's lines
 * are 1.45 capitals apart, centre to centre; blur and dimming shrink each line the finder measures
 * and widen the gap between them by as much: at 0.8 below, the second line of GHOST OF CHRISTMAS /
 * YET TO COME (gap 4.9 px, lines 6 px, bench seed 312, bright bodies) was left off. Above a name,
 * the gap stays 0.8: a restyle prints its PROTECTED label and code 0.75 capitals above the name,
 * and at 1.0 they joined KANGAROO RAT (seed 315, code above name). Below a name is the ability box,
 * further off and in smaller letters.
 */
export const MAX_NAME_LINE_GAP = { above: 0.8, below: 1.0 } as const;
/**
 * Pixels a line may lie beyond MAX_NAME_LINE_GAP and still join the name: each edge is measured to a
 * pixel, and at capitals of 4-5 px a pixel is a quarter of the gap (BERNARD A. 4 px above HARRIS
 * JR., whose capitals measured 4 px to the line above's 5 on a small tinted copy: "all at once"
 * tuning seed 470, 522 px).
 */
const NAME_LINE_GAP_SLACK = 1;

/**
 * How much looser a whiteness the gap between two lines of a name is measured at than the lines were
 * found at: blur fades pale text's edges, so at the finder's whiteness each line shrinks and the gap
 * between them widens by a row or two.
 */
export const GAP_WHITENESS_STEP = 25;

/** Whether a line `gap` px above or below a name line whose capitals measure `capitalHeight` px is close enough to be more of the name. */
export function withinNameLineGap(gap: number, capitalHeight: number, side: keyof typeof MAX_NAME_LINE_GAP): boolean {
  return gap <= capitalHeight * MAX_NAME_LINE_GAP[side] + NAME_LINE_GAP_SLACK;
}

/**
 * A line at the name's place taller than this share of the tile is the name joined to bright art
 * above it (a name is 0.03-0.05 high): on a grey screen the art is as colourless as the text.
 */
export const MAX_NAME_LINE_HEIGHT = 0.09;
/**
 * Stricter whiteness from which a pixel is text, tried in turn when the name's line found at the
 * usual one is too tall: the white name stays above them, where grey art (the glow over HYPERNOVA
 * on a desaturated screen, 37 px of a 251 px tile at the usual 150) falls below.
 */
export const STRICTER_NAME_LINE_THRESHOLDS = [200, 230];
/**
 * Looser whiteness from which a pixel is text, tried in turn when no name line is found at the
 * usual place at the usual one, where a line found elsewhere in the tile is a name in every way
 * but too faint for bold ink there, and to find lines at in a tile with no name line at the usual
 * one (both `findNameLines`). In a small image that is blurred or was turned back, a name's
 * one-pixel strokes come out grey (whiteness 100-150), and the name was read from a guessed band,
 * as garbage. On 80 tuning images scaled to 480-1200 px, turned, tinted and partly blurred at
 * once, card recall went from 96.7 % to 97.9 % and precision from 99.2 % to 99.6 %; 110 and 90
 * after 130, or 120 alone, did less.
 */
export const LOOSER_NAME_LINE_THRESHOLDS = [125, 100];

/**
 * Page whiteness from which a header's colour contrast map is trusted over its whiteness mask (its
 * read is the base the other views vote on, `readDeckCode`): its pale blue text
 * (#b9cde6) is 162 white, and a page near that hides it from the whiteness mask, which still sees
 * pieces of it and misreads them ("ALIDHD" for A1J0HD on a light page).
 */
export const LIGHT_PAGE_WHITENESS = 150;
/**
 * Page brightness from which the same holds: the text (202 bright) differs from such a page more in
 * colour than in brightness, and JPEG keeps colour at half resolution, so the whiteness mask draws
 * its strokes blurred (an 8's waist filled in, read as B, on a yellow page: other background tuning
 * seeds 93 and 188). The contrast map draws them from brightness, kept at full resolution. On darker
 * pages (the share image's blue is 113) the mask reads better: with the map first on every page, 7
 * codes of the first 290 other-background tuning images were lost and 1 mended (when the map was
 * read only where the mask failed).
 */
export const BRIGHT_PAGE_BRIGHTNESS = 160;

/**
 * How hard the header's second view is sharpened. On bench tuning seeds 300-399 (scale, warm + dim
 * + blur, other background; 600 images), the whiteness mask sharpened by 1.5 read the warm, dim
 * and blurred codes best alone (197 of 200 against 193) but the other two classes worse. As a
 * voice beside the mask and the map, codes exact went 579 -> 587 of those 600, and 1,122 -> 1,123
 * of 1,133 images of every class at seeds 400-429 (7 headers mended, one whose S the map and the
 * sharpened mask both read as 5 lost, in six classes). Measured with the map read second and the
 * sharpened copy third: the majority of the same three reads, the same codes.
 */
export const SHARPEN_AMOUNT = 1.5;
/**
 * How hard a name's first look is sharpened (`nameJob`). Blur and JPEG, at the 4-6 px capitals of a
 * copy 480-800 px wide, run a name's heavy letters together. Over the 216 tiles of "all at once"
 * tuning seeds 230-241, the first look's best card was right at 0.6 or more for 171 unsharpened,
 * 181 sharpened by 1 and 184 by 2, and wrong at 0.6 or more for 8, 5 and 3; on 648 tiles of blur,
 * scale and warm + dim + blur (seeds 230-232) every count stayed the same.
 */
export const NAME_SHARPEN_AMOUNT = 1.5;

/** A header lower than this share of a tile holds no text line: the image was cropped below it. */
export const MIN_HEADER_SHARE = 0.12;

/**
 * A trusted reading of a longer name that holds the shorter one of another reading wins when it
 * fits this nearly as well. Further behind, it is the short name with other text read into the
 * line: "FROTECTED BIRD OF PARADISE" fits Greater Bird-of-Paradise at 0.81.
 */
export const NESTED_NAME_MARGIN = 0.1;

/**
 * A long name that a reading of one line more finds takes the place of a card read from one of its
 * lines when that line is this nearly part of the long name, and the reading's other words are this
 * like the long name's other words (`wholerName`). On small blurred copies the line finder missed
 * the first line of a name set on two: GARNET read alone is Garnet at 1 where HENRY HIGHLAND / GARNET
 * was printed, TREE KANGAROO Red Kangaroo at 0.85, ORCAN Orca at 0.8 under GREAT STALACPIPE ("all at
 * once" tuning seeds 341-440: three of the class's eight wrong cards, all taken back; no read of
 * seeds 301-308 of any class changed). The other words keep a label read above a name from making
 * it longer: "FROTECTED" is 0.44 like GREATER, not Greater Bird-of-Paradise.
 */
export const LINE_OF_NAME_SIMILARITY = 0.8;
export const OTHER_WORDS_SIMILARITY = 0.6;
/**
 * A copy narrower than the game's own share image (800 px) whose rotation is undone has the names
 * no reading matched read again in an enlarged copy, turned and enlarged to ENLARGED_WIDTH in one
 * resample of its pixels. Turned at its own size, the smallest text (a long name's 4-5 px capitals)
 * loses its strokes to the resample: QUEEN VICTORIA AND PRINCE ALBERT was missed on 10 of the 59
 * small turned copies of the real screenshot of "all at once" tuning seeds 441-499, on 4 with its
 * tile read again enlarged (the class's recall 99.2 -> 99.5 %). Only those names: the header's code classifier learnt its glyphs at the sizes players
 * send (JPEG tuning seeds 300-339 read three codes of 80 worse with the whole image enlarged), and
 * tiles read well at the copy's own size are not read again (read again in the enlarged copy, four
 * tiles of 200 tuning images took a short name wrongly: `isTakenEnlarged`). With the first
 * reading's agreement for short names, recall of the class on tuning seeds 441-499 went 99.2 ->
 * 99.6 %, 200-259 98.0 -> 98.6 %, 300-339 99.0 -> 99.3 %, no card wrongly taken.
 */
export const ENLARGE_BELOW_WIDTH = 800;
export const ENLARGED_WIDTH = 1000;
