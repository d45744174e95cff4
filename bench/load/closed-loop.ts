// Closed loop: every connection sends its next request as soon as the previous answer arrives, so
// the server runs flat out and the run measures its capacity. One autocannon instance per kind of
// route, side by side, with the connections shared by weight.
import autocannon from 'autocannon';
import { connectionShares, type RouteKind } from './traffic';
import { recordResponse, type KindTally } from './tally';

function runKind(
  baseUrl: string,
  kind: RouteKind,
  connections: number,
  durationSec: number,
  tally: KindTally,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections,
        duration: durationSec,
        // A fresh request each time (random deck, filter, user), not one replayed.
        requests: [{ setupRequest: (req) => ({ ...req, ...kind.next() }) }],
        timeout: 10,
      },
      (error, result) => {
        if (error) return reject(error);
        tally.errors += result.errors + result.timeouts;
        resolve();
      },
    );
    instance.on('response', (_client, status, _bytes, ms) => recordResponse(tally, status, ms));
  });
}

/** Runs every kind for `durationSec`; returns each kind's share of the connections. */
export async function runClosedLoop(
  baseUrl: string,
  kinds: RouteKind[],
  tallies: KindTally[],
  options: { connections: number; durationSec: number },
): Promise<number[]> {
  const shares = connectionShares(kinds, options.connections);
  await Promise.all(kinds.map((kind, i) => runKind(baseUrl, kind, shares[i], options.durationSec, tallies[i])));
  return shares;
}
