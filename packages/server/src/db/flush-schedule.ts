/**
 * When a repository writes what waits in memory: at once when a batch is full, else a few
 * milliseconds after the first write of the batch waits, so that many requests share one commit
 * (reference-server.md, Storage: the read counters and the request log are written behind the answers).
 */
export class FlushSchedule {
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly flush: () => void,
    private readonly batch: { maxWaiting: number; delayMs: number },
  ) {}

  /** Called after a write joins the batch, with how many now wait. */
  added(waiting: number): void {
    if (waiting >= this.batch.maxWaiting) this.flush();
    else if (this.#timer === null) {
      this.#timer = setTimeout(() => {
        try {
          this.flush();
        } catch {
          // A timed flush has no caller to fail, and must never fail the server (e.g. the database
          // closed at shutdown); the owner's next flush (next write, prune, list, close) tries again.
        }
      }, this.batch.delayMs);
      this.#timer.unref?.();
    }
  }

  /** Called as a flush starts: what waits is written now, so the timer has nothing left to do. */
  flushing(): void {
    if (this.#timer !== null) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
  }
}
