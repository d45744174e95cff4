/**
 * `Math.round` for the pixel loops: the same integer for every value they round (halves go up),
 * and about four times faster in V8, which does not compile `Math.round` to one instruction as it
 * does `Math.floor`. The perspective search alone rounds some 2.6 million positions an image.
 */
export function roundHalfUp(x: number): number {
  return Math.floor(x + 0.5);
}
