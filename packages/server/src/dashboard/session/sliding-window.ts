import type { Clock } from '../../clocks/virtual-clock.js';

/** Past this many tracked keys, those with nothing left in the window are dropped (a flood cannot grow memory without bound). */
const MAX_TRACKED_KEYS = 10_000;

/**
 * Events per key in a sliding window on the injected clock (the virtual clock moves it). Kept in
 * memory: a restart forgets them, which at worst lets one more window's worth through.
 */
export class SlidingWindowLog {
  readonly #events = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    readonly windowSeconds: number,
  ) {}

  /** The times (ms) of this key's events still in the window, oldest first. */
  recent(key: string): number[] {
    const since = this.clock.now().getTime() - this.windowSeconds * 1000;
    return (this.#events.get(key) ?? []).filter((at) => at > since);
  }

  record(key: string): void {
    if (this.#events.size > MAX_TRACKED_KEYS) this.#prune();
    this.#events.set(key, [...this.recent(key), this.clock.now().getTime()]);
  }

  forget(key: string): void {
    this.#events.delete(key);
  }

  /** When the oldest event in the window leaves it (the next one is then accepted). */
  freeAt(events: number[]): Date {
    return new Date((events[0] ?? this.clock.now().getTime()) + this.windowSeconds * 1000);
  }

  #prune(): void {
    for (const key of [...this.#events.keys()]) if (this.recent(key).length === 0) this.#events.delete(key);
  }
}
