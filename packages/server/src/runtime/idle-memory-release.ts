export interface IdleReleaseTiming {
  /** How long the server must go without a request before it gives memory back. */
  quietMs: number;
  /** How often the request count is looked at. */
  lookMs: number;
  /** How long after a try that got nothing back the next try runs. */
  retryMs: number;
  /** How many times one quiet spell runs `release` while it reports that memory is still held. */
  tries: number;
}

/**
 * Retries are 6 s apart because V8 judges the allocation rate over the last 5 s of collections: a
 * try within 5 s of the busy spell's last full collection still sees the busy rate and keeps the
 * young generation at its grown size; the next try, more than 5 s after the first, sees only the
 * quiet spell.
 */
const IDLE_RELEASE_TIMING: IdleReleaseTiming = {
  quietMs: 5_000,
  lookMs: 1_000,
  retryMs: 6_000,
  tries: 3,
};

/**
 * Gives memory back once per quiet spell: after `quietMs` without a request, `release` runs; it
 * answers whether it got everything back, and when it did not it runs again `retryMs` later, up to
 * `tries` times. Then nothing until the next request and the next quiet spell.
 *
 * After a burst V8 keeps its grown heap and SQLite its full page cache; a server gone quiet loses
 * nothing by a full collection and a cache shrink. The timer is unref'd. Why, in full:
 * docs/performance.md, "Memory goes back when the server goes quiet".
 */
export class IdleMemoryRelease {
  readonly #release: () => boolean;
  readonly #quietLooks: number;
  readonly #retryLooks: number;
  readonly #tries: number;
  readonly #lookMs: number;
  #requests = 0;
  #seen = -1;
  #quiet = 0;
  #nextTryAt = 0;
  #tried = 0;
  #releasedAt = -1;
  #timer: NodeJS.Timeout | null = null;

  constructor(release: () => boolean, timing: IdleReleaseTiming = IDLE_RELEASE_TIMING) {
    this.#release = release;
    this.#lookMs = timing.lookMs;
    this.#quietLooks = Math.ceil(timing.quietMs / timing.lookMs);
    this.#retryLooks = Math.ceil(timing.retryMs / timing.lookMs);
    this.#tries = timing.tries;
  }

  noteRequest(): void {
    this.#requests++;
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => this.tick(), this.#lookMs);
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
      this.#quiet = 0;
      this.#tried = 0;
      this.#nextTryAt = this.#quietLooks;
      return;
    }
    this.#quiet++;
    if (this.#releasedAt === this.#requests || this.#quiet < this.#nextTryAt) return;
    if (this.#release() || ++this.#tried >= this.#tries) {
      this.#releasedAt = this.#requests;
      return;
    }
    this.#nextTryAt = this.#quiet + this.#retryLooks;
  }
}
