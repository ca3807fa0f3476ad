import { describe, expect, it } from 'vitest';
import { LONG_BODY_BYTES, longBodiesStreaming, withUploadHeapRoom } from '../../src/runtime/heap-growth.js';

describe('old-generation room while long upload bodies stream', () => {
  it('is raised for a long body, kept while any long body streams, and given back when the last ends', async () => {
    let releaseFirst = () => {};
    const first = withUploadHeapRoom(LONG_BODY_BYTES * 6, () => new Promise<void>((r) => (releaseFirst = r)));
    expect(longBodiesStreaming()).toBe(1);
    let releaseSecond = () => {};
    const second = withUploadHeapRoom(null, () => new Promise<void>((r) => (releaseSecond = r)));
    expect(longBodiesStreaming()).toBe(2);
    releaseFirst();
    await first;
    expect(longBodiesStreaming()).toBe(1);
    releaseSecond();
    await second;
    expect(longBodiesStreaming()).toBe(0);
  });

  it('leaves a short body alone and gives the room back when the body fails', async () => {
    await withUploadHeapRoom(1024, async () => expect(longBodiesStreaming()).toBe(0));
    await expect(
      withUploadHeapRoom(LONG_BODY_BYTES, async () => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(longBodiesStreaming()).toBe(0);
  });
});
