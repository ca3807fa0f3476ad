import { collectYoungGeneration } from './garbage-collector.js';

/** How much request body may arrive between two scavenges. */
const BODY_BYTES_PER_SCAVENGE = 4 * 1024 * 1024;

/**
 * Yields `body` as it is, with a scavenge after every `every` bytes: each socket read's Buffer is
 * freed only when a collection finds its small object dead, and the young generation fills too
 * slowly to find them while a long PATCH streams in. Every piece is dead once written.
 */
export async function* withYoungCollections(
  body: AsyncIterable<Uint8Array>,
  every = BODY_BYTES_PER_SCAVENGE,
): AsyncGenerator<Uint8Array> {
  let sinceScavenge = 0;
  for await (const piece of body) {
    yield piece;
    sinceScavenge += piece.byteLength;
    if (sinceScavenge >= every) {
      sinceScavenge = 0;
      collectYoungGeneration();
    }
  }
}
