import { PerformanceObserver } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { withYoungCollections } from '../../src/runtime/young-collections.js';

async function* pieces(count: number, bytes: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < count; i++) yield new Uint8Array(bytes).fill(i % 251);
}

describe('an upload body read with a scavenge every few MiB', () => {
  it('yields every piece unchanged and in order', async () => {
    const seen: number[] = [];
    let bytes = 0;
    for await (const piece of withYoungCollections(pieces(40, 1000), 4096)) {
      seen.push(piece[0] as number);
      bytes += piece.byteLength;
    }
    expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => i % 251));
    expect(bytes).toBe(40_000);
  });

  it('runs a young-generation collection after each `every` bytes', async () => {
    let minor = 0;
    const count = (entries: readonly PerformanceEntry[]) => {
      for (const entry of entries) {
        if ((entry as unknown as { detail: { kind: number } }).detail.kind === 1) minor++;
      }
    };
    const observer = new PerformanceObserver((list) => count(list.getEntries()));
    observer.observe({ entryTypes: ['gc'] });
    for await (const _ of withYoungCollections(pieces(64, 64 * 1024), 256 * 1024)) {
      // 4 MiB in 64 KiB pieces: 16 scavenges asked for
    }
    // Node records each collection's entry in an immediate queued by the collection: one queued
    // after them all runs after they have; what the observer has not delivered yet is taken here.
    await new Promise((resolve) => setImmediate(resolve));
    count(observer.takeRecords());
    observer.disconnect();
    expect(minor).toBeGreaterThanOrEqual(16);
  });

  it('passes an early stop on to the body it reads', async () => {
    let finished = false;
    async function* body(): AsyncGenerator<Uint8Array> {
      try {
        for (;;) yield new Uint8Array(10);
      } finally {
        finished = true;
      }
    }
    for await (const _ of withYoungCollections(body())) break;
    expect(finished).toBe(true);
  });
});
