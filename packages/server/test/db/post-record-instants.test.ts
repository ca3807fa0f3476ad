import { describe, expect, it } from 'vitest';
import { iso, isoOrNull } from '../../src/db/post-record-rows.js';

describe("a post record's instants as stored", () => {
  it('keeps text already written as toISOString() writes it', () => {
    const instant = '2026-03-02T10:00:00.123Z';
    expect(iso(instant)).toBe(instant);
    expect(iso(new Date(instant).toISOString())).toBe(instant);
  });

  it.each([
    ['2026-03-02T10:00:00Z', '2026-03-02T10:00:00.000Z'],
    ['2026-03-02T11:00:00.000+01:00', '2026-03-02T10:00:00.000Z'],
    ['2026-03-02', '2026-03-02T00:00:00.000Z'],
  ])('writes %s in that form (%s)', (given, stored) => {
    expect(iso(given)).toBe(stored);
    expect(isoOrNull(given)).toBe(stored);
  });

  it('leaves a missing instant missing', () => {
    expect(isoOrNull(null)).toBeNull();
    expect(isoOrNull(undefined)).toBeNull();
  });
});
