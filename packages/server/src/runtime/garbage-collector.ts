import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async' }) => void;

let collect: Collect | null | undefined;

/**
 * V8's own `gc()`, without starting node with `--expose-gc`: the flag set at run time applies to
 * contexts made after it, so a fresh vm context carries the function and the server's own global
 * scope is left as it was. Null where the runtime refuses (the callers then do nothing).
 */
function collector(): Collect | null {
  if (collect !== undefined) return collect;
  try {
    const exposed = (globalThis as { gc?: Collect }).gc;
    if (typeof exposed === 'function') {
      collect = exposed;
    } else {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as Collect;
    }
  } catch {
    collect = null;
  }
  return collect;
}

/** A scavenge of the young generation only: cheap, so it may run often. */
export function collectYoungGeneration(): void {
  collector()?.({ type: 'minor' });
}

/**
 * A full mark-compact collection (plain `gc()`: with an options object V8 11 leaves weakly held
 * objects alone), which also gives emptied old-generation pages back. It gives the young
 * generation's grown space back only when V8 judges the allocation
 * rate low, which it often does not on the first try after a quiet spell: hence the check after it.
 */
export function collectAllGarbage(): void {
  collector()?.();
}

/** The young generation is back near its starting size. */
export function youngGenerationShrunk(): boolean {
  const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  return young === undefined || young.space_size <= YOUNG_SPACE_AT_REST;
}

const YOUNG_SPACE_AT_REST = 4 * 1024 * 1024;
