import { describe, expect, it } from 'vitest';
import { billingMonth, billingMonthOf } from '../../src/domain/publishing/billing-month.js';

/**
 * The X add-on's billing month runs from the account's creation day; `billingMonthOf` keeps the
 * month it found and must answer exactly as `billingMonth` at every instant, across its ends too.
 */
describe('billing month', () => {
  it('runs from the creation day, the last day of a shorter month standing in', () => {
    const created = new Date('2026-01-31T15:00:00.000Z');
    expect(billingMonth(created, new Date('2026-02-27T00:00:00.000Z'))).toEqual({
      start: new Date('2026-01-31T00:00:00.000Z'),
      end: new Date('2026-02-28T00:00:00.000Z'),
    });
    expect(billingMonth(created, new Date('2026-02-28T00:00:00.000Z'))).toEqual({
      start: new Date('2026-02-28T00:00:00.000Z'),
      end: new Date('2026-03-31T00:00:00.000Z'),
    });
  });

  it('is found again while inside it and found anew past its end', () => {
    const createdAt = '2026-01-31T15:00:00.000Z';
    const account = { createdAt };
    const instants = [
      '2026-02-01T00:00:00.000Z',
      '2026-02-27T23:59:59.999Z',
      '2026-02-28T00:00:00.000Z',
      '2026-03-30T23:59:59.999Z',
      '2026-03-31T00:00:00.000Z',
      // A clock moved back (a new test clock on an old account) gets its own month too.
      '2026-01-31T12:00:00.000Z',
      '2026-04-15T00:00:00.000Z',
    ];
    for (const at of instants) {
      const now = new Date(at);
      expect(billingMonthOf(account, now)).toEqual(billingMonth(new Date(createdAt), now));
    }
  });

  it('is kept by the record: another record of the account (one written anew) finds its own month', () => {
    const now = new Date('2026-03-10T00:00:00.000Z');
    const before = { createdAt: '2026-01-05T00:00:00.000Z' };
    expect(billingMonthOf(before, now).start).toEqual(new Date('2026-03-05T00:00:00.000Z'));
    expect(billingMonthOf(before, now)).toBe(billingMonthOf(before, now));
    const after = { createdAt: '2026-01-20T00:00:00.000Z' };
    expect(billingMonthOf(after, now).start).toEqual(new Date('2026-02-20T00:00:00.000Z'));
  });
});
