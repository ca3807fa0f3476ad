/**
 * The entries of a map from the least recently asked on, as a clock hand over the map's order:
 * an entry asked since the hand last passed it (`used`) is unmarked and moved to the end, and the
 * first one not asked is the answer. The hand stays where it stopped between calls, so it never
 * walks again over the slots that deleted and moved entries leave at the front of the map; a walk
 * from the front on every call would, and costs more the longer a full map is worked.
 */
export class AskedOrder<V extends { used: boolean }> {
  #hand: Iterator<[string, V]> | null = null;

  constructor(private readonly entries: Map<string, V>) {}

  /** The least recently asked key, or undefined when the map is empty. */
  next(): string | undefined {
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
      if (!kept.used) return key;
      kept.used = false;
      this.entries.delete(key);
      this.entries.set(key, kept);
    }
  }

  /** After the map was cleared: the next walk starts at its front. */
  reset(): void {
    this.#hand = null;
  }
}
