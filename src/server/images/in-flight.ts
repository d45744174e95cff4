/**
 * Shares one running task per name: callers asking for a name already being worked on wait for the
 * same promise instead of starting the work again (fifty first requests for one resized image make
 * it once). The name is forgotten when the task settles, so a failure is retried by the next caller.
 */
export class InFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  has(name: string): boolean {
    return this.running.has(name);
  }

  run(name: string, task: () => Promise<T>): Promise<T> {
    let promise = this.running.get(name);
    if (!promise) {
      promise = task().finally(() => this.running.delete(name));
      this.running.set(name, promise);
    }
    return promise;
  }
}
