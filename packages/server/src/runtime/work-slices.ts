/**
 * Long work done on the event loop in slices: after `budgetMs` of real time the work waits one
 * turn (`setImmediate`), so sockets, timers and other requests are served between slices. Real
 * time on purpose: it bounds how long the server stops answering, which the virtual clock (API
 * rules only) does not measure.
 */
const WORK_SLICE_MS = 50;

export class WorkSlices {
  #sliceStarted = performance.now();

  constructor(private readonly budgetMs = WORK_SLICE_MS) {}

  /** Waits one turn of the event loop when this slice has used its budget; true when it did. */
  async yieldIfDue(): Promise<boolean> {
    if (performance.now() - this.#sliceStarted < this.budgetMs) return false;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.#sliceStarted = performance.now();
    return true;
  }
}
