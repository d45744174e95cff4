// Entry of the load generator's child process (started by runMixedLoad): takes one plan from the
// parent, runs it, sends the result back and exits.
import { generateTraffic, type TrafficPlan } from './generate';

process.once('message', (plan: TrafficPlan) => {
  generateTraffic(plan).then(
    (result) => process.send?.({ result }, () => process.exit(0)),
    (error: unknown) =>
      process.send?.({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, () =>
        process.exit(1),
      ),
  );
});
