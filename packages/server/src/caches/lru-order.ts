/**
 * How the request path's caches (row caches, kept accounts answers, kept limit answers) find what
 * to drop: the entries of a map from the least recently asked on, as a clock hand over its order.
 * An entry asked since the hand reached it (`used`) is unmarked and moved to the end; the first one
 * not asked is the answer, and stays the answer until the caller drops it or `pass`es it. The hand
 * stays where it stopped between calls, so it never walks again over the slots that removed and
 * moved entries leave at the front of the map; a walk from the front on every call would, and that
 * costs more the longer a full map is worked.
 */
export class LruOrder<V extends { used: boolean }> {
  #hand: Iterator<[string, V]> | null = null;
  /** The last answer, while the caller has neither removed nor passed it. */
  #answer: string | undefined;

  constructor(private readonly entries: Map<string, V>) {}

  /** The least recently asked key, or undefined when the map is empty. */
  next(): string | undefined {
    const answer = this.#answer;
    if (answer !== undefined) {
      const kept = this.entries.get(answer);
      if (kept !== undefined && !kept.used) return answer;
      this.#answer = undefined;
      if (kept !== undefined) this.#secondChance(answer, kept);
    }
    let wrapped = false;
    for (;;) {
      this.#hand ??= this.entries.entries();
      const step = this.#hand.next();
      if (step.done) {
        this.#hand = null;
        if (wrapped) return undefined;
        wrapped = true;
        continue;
      }
      const [key, kept] = step.value;
      if (!kept.used) {
        this.#answer = key;
        return key;
      }
      this.#secondChance(key, kept);
    }
  }

  /** The caller keeps the last answer where it is: the hand goes on past it. */
  pass(): void {
    this.#answer = undefined;
  }

  /** After the map was cleared: the next walk starts at its front. */
  reset(): void {
    this.#hand = null;
    this.#answer = undefined;
  }

  #secondChance(key: string, kept: V): void {
    kept.used = false;
    this.entries.delete(key);
    this.entries.set(key, kept);
  }
}
