// A promise whose rejection nobody handles is a bug, but by Node's default it ends the process, and
// with it every other user's request in flight (issue 33, C1: one search took the site down this
// way). The rejected promise belongs to one piece of work, not to shared state that could now be
// wrong, so the process logs it loudly, with its stack, and keeps serving. An uncaught exception
// still ends the process (Node's default): the process manager restarts it.

/** The logger method the report goes to: pino's `error` in the web process, console.error in the worker. */
type ErrorLog = (details: { err: unknown }, message: string) => void;

export const UNHANDLED_REJECTION_MESSAGE =
  'unhandled promise rejection (a bug: please report it); the process keeps serving';

/** Installs the handler once per process; returns a function that removes it (for tests). */
export function logUnhandledRejections(logError: ErrorLog): () => void {
  const onRejection = (reason: unknown) => {
    // The stack says where: an Error's serialiser prints it; anything else is shown as it is.
    logError(
      { err: reason instanceof Error ? reason : new Error(`non-Error rejection: ${String(reason)}`) },
      UNHANDLED_REJECTION_MESSAGE,
    );
  };
  process.on('unhandledRejection', onRejection);
  return () => process.off('unhandledRejection', onRejection);
}
