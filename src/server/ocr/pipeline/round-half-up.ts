/**
 * `Math.round` for rounding inside the per-pixel loops: the same integer (halves go up) for every
 * value but those a double's last bit below a half, and about four times faster in V8, which
 * compiles `Math.floor` to one instruction and `Math.round` not. The perspective search alone
 * rounds some 2.6 million positions an image. A loop's bounds, rounded once, keep `Math.round`.
 */
export function roundHalfUp(x: number): number {
  return Math.floor(x + 0.5);
}
