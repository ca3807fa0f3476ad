import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function partSizes(dir) {
  const sizes = new Map();
  let names = [];
  try {
    names = readdirSync(dir);
  } catch {
    return sizes;
  }
  for (const name of names) {
    if (!name.endsWith('.part')) continue;
    try {
      sizes.set(name, statSync(join(dir, name)).size);
    } catch {
      // renamed away (completed) between readdir and stat
    }
  }
  return sizes;
}

/**
 * Watches a server's upload folder every `everyMs` for the part file of `fileId`, or without one for
 * the one `.part` file that appears after the start (a client that makes its own link): the times (ms from the start) of its first stored byte and of its last one (`size` bytes
 * stored, or the file renamed away by `complete` when that came between two looks). Timing every
 * client from the server's side of the same file leaves out what each does before sending
 * (measuring the file, downloading a script) and after (complete), and costs the clients nothing.
 */
export function watchPart(dir, size, { fileId = null, everyMs = 10 } = {}) {
  const started = performance.now();
  const before = new Set(partSizes(dir).keys());
  let name = fileId === null ? null : `${fileId}.part`;
  let firstMs = null;
  let lastMs = null;
  const look = () => {
    if (lastMs !== null) return;
    const now = performance.now() - started;
    const sizes = partSizes(dir);
    if (name === null) name = [...sizes.keys()].find((n) => !before.has(n)) ?? null;
    if (name === null) return;
    const stored = sizes.get(name);
    if (stored === undefined) lastMs = now;
    else if (stored > 0 && firstMs === null) firstMs = now;
    if (stored !== undefined && stored >= size) lastMs = now;
  };
  const timer = setInterval(look, everyMs);
  return {
    /** Stops watching; `transferMs` is null when no new part file was seen filling up. */
    stop() {
      look();
      clearInterval(timer);
      const transferMs = firstMs !== null && lastMs !== null ? lastMs - firstMs : null;
      return { firstMs, lastMs, transferMs, fileId: name?.slice(0, -'.part'.length) ?? null };
    },
  };
}
