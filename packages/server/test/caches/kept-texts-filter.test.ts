import { describe, expect, it } from 'vitest';
import { KeptTextsFilter, keptTextOwner } from '../../src/caches/kept-texts-filter.js';
import { textDigest } from '../../src/db/text-digest.js';

describe('the filter of texts kept for good', () => {
  it('never says "no" for a text it holds, and says "no" for almost every other', () => {
    const filter = new KeptTextsFilter();
    const owner = (i: number) => keptTextOwner(`acc-${i % 50}`, `prof-${i % 50}`, 'linkedin');
    for (let i = 0; i < 20_000; i += 1) filter.add(owner(i), textDigest(`kept ${i}`));
    for (let i = 0; i < 20_000; i += 1) expect(filter.mayHold(owner(i), textDigest(`kept ${i}`))).toBe(true);
    let maybe = 0;
    for (let i = 0; i < 20_000; i += 1) if (filter.mayHold(owner(i), textDigest(`new ${i}`))) maybe += 1;
    expect(maybe).toBeLessThan(20);
    // The same text under another owner is another key.
    expect(filter.mayHold(keptTextOwner('acc-0', 'prof-0', 'x'), textDigest('kept 0'))).toBe(false);
  });
});
