/**
 * Images exactly as `npm run bench:ocr` makes them, for tests that keep a case the benchmark found:
 * one augmentation class, seed and base image.
 */
import { readFileSync } from 'node:fs';
import {
  AUGMENT_CLASSES,
  augmentRandom,
  baseImages,
  realBaseImage,
  type BaseImage,
  type Sample,
  type Truth,
} from '../../bench/augment';
import { loadRealCatalog, REAL_SCREENSHOT, REAL_SCREENSHOT_ANSWER } from './real-data';

/**
 * The sample of class `className` (its name in the benchmark's table), `seed` and base `baseIndex`
 * (share-layout classes: 0 the real screenshot, 1 a generated one), with the base it was made from.
 * Its generated decks are drawn from `catalog`, the real card list unless a test asks for cards the
 * benchmark seldom draws.
 */
export async function benchSample(
  className: string,
  seed: number,
  baseIndex: number,
  catalog = loadRealCatalog(),
): Promise<{ sample: Sample; base: BaseImage }> {
  const classIndex = AUGMENT_CLASSES.findIndex((c) => c.name === className);
  if (classIndex < 0) throw new Error(`no augmentation class ${className}`);
  const augment = AUGMENT_CLASSES[classIndex];
  const real = await realBaseImage(
    readFileSync(REAL_SCREENSHOT),
    JSON.parse(readFileSync(REAL_SCREENSHOT_ANSWER, 'utf8')) as Truth,
  );
  const base = (await baseImages(augment, seed, catalog, real))[baseIndex];
  return { sample: await augment.apply(base, augmentRandom(classIndex, baseIndex, seed)), base };
}
