import { UuidSchema } from '@socialpub/core';
import { describe, expect, it } from 'vitest';
import { postRecordId } from '../../src/domain/posts/post-record-id.js';

/** Post record ids are UUIDs (version 7): the send time first, so the id index grows at its end. */
const msOf = (id: string) => Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('post record ids', () => {
  it('are UUIDs of version 7 carrying the send time in milliseconds', () => {
    const sentAt = new Date('2026-03-02T10:00:00.123Z');
    const id = postRecordId(sentAt);
    expect(UuidSchema.safeParse(id).success).toBe(true);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(msOf(id)).toBe(sentAt.getTime());
  });

  it('differ within one millisecond and sort by send time', () => {
    const at = new Date('2026-03-02T10:00:00.000Z');
    const same = new Set(Array.from({ length: 1000 }, () => postRecordId(at)));
    expect(same.size).toBe(1000);
    const later = postRecordId(new Date(at.getTime() + 1));
    for (const id of same) expect(id < later).toBe(true);
  });

  it('carry random digits in every place after the time, the version and the variant', () => {
    const at = new Date('2026-03-02T10:00:00.000Z');
    const digits = Array.from({ length: 1000 }, () => postRecordId(at).replace(/-/g, '').slice(12));
    // 20 digits: the version (7), three random, the variant (8 to b), fifteen random.
    for (let place = 0; place < 20; place++) {
      const seen = new Set(digits.map((id) => id[place]));
      if (place === 0) expect([...seen]).toEqual(['7']);
      else if (place === 4) expect([...seen].sort()).toEqual(['8', '9', 'a', 'b']);
      else expect(seen.size).toBe(16);
    }
  });
});
