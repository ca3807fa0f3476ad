/** How long the server must go without a request before it gives memory back. */
export const QUIET_MS_BEFORE_RELEASE = 5_000;

/** How many times one quiet spell runs `release` while it reports that memory is still held. */
export const RELEASE_TRIES_PER_SPELL = 3;

/**
 * Gives memory back once per quiet spell: after `quietMs` (to 1.5 × `quietMs`) without a request,
 * `release` runs; it answers whether it got everything back, and when it did not it runs again on
 * the next looks (V8 sometimes keeps the young generation's space on the first try), up to
 * `RELEASE_TRIES_PER_SPELL` times. Then nothing until the next request and the next quiet spell.
 *
 * Why: after a burst of load V8 keeps the old generation at its high-water mark until its own
 * memory reducer decides to act, which under a steady trickle of timers it rarely does, and
 * SQLite's page cache stays full. A server that has gone quiet loses nothing by one full
 * collection (a few milliseconds on its 20 MB heap) and a cache shrink, and its RSS falls back
 * toward where it idled before the load (README, Performance: memory given back when quiet).
 *
 * Counting requests costs one increment per request; the timer runs every half spell and is unref'd,
 * so it never keeps the process alive.
 */
export class IdleMemoryRelease {
  readonly #quietMs: number;
  readonly #release: () => boolean;
  #requests = 0;
  #seen = -1;
  #quietTicks = 0;
  #releasedAt = -1;
  #tries = 0;
  #timer: NodeJS.Timeout | null = null;

  constructor(release: () => boolean, quietMs = QUIET_MS_BEFORE_RELEASE) {
    this.#release = release;
    this.#quietMs = quietMs;
  }

  noteRequest(): void {
    this.#requests++;
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => this.tick(), this.#quietMs / 2);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** One look at the request count (the timer's work; tests call it directly). */
  tick(): void {
    if (this.#requests !== this.#seen) {
      this.#seen = this.#requests;
      this.#quietTicks = 0;
      this.#tries = 0;
      return;
    }
    if (++this.#quietTicks < 2 || this.#releasedAt === this.#requests) return;
    if (this.#release() || ++this.#tries >= RELEASE_TRIES_PER_SPELL) {
      this.#releasedAt = this.#requests;
      this.#tries = 0;
    }
  }
}
