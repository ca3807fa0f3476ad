import { describe, expect, it } from 'vitest';
import type { Plan } from '../plans.js';
import { allowanceFor, publishAttemptCeiling } from './allowance.js';
import { decideAllowance } from './decide-allowance.js';

const d = (iso: string) => new Date(iso);
const OLD_ACCOUNT = d('2025-01-01T00:00:00Z');
const NEW_ACCOUNT = d('2026-09-18T00:00:00Z');

describe('allowanceFor', () => {
  it.each<[Plan, number]>([
    ['beginner', 20],
    ['apprentice', 50],
  ])('gives %s %s posts per profile per UTC day', (plan, limit) => {
    const allowance = allowanceFor(plan, d('2026-03-10T15:00:00Z'), OLD_ACCOUNT);
    expect(allowance).toEqual({
      kind: 'daily_per_profile',
      limit,
      windowStart: d('2026-03-10T00:00:00Z'),
      resetsAt: d('2026-03-11T00:00:00Z'),
    });
  });

  it.each<Plan>(['skilled', 'expert', 'agency'])('gives %s no allowance', (plan) => {
    expect(allowanceFor(plan, d('2026-03-10T15:00:00Z'), OLD_ACCOUNT)).toEqual({ kind: 'none' });
  });

  // Limits, Post allowance: Free transition dates.
  it.each([
    ['an older account on 17 October', '2026-10-17T23:59:59Z', OLD_ACCOUNT, 'daily_per_profile', 5],
    ['an older account in September', '2026-09-20T10:00:00Z', OLD_ACCOUNT, 'daily_per_profile', 5],
    [
      'an account made 17 September',
      '2026-10-01T10:00:00Z',
      d('2026-09-17T23:59:59Z'),
      'daily_per_profile',
      5,
    ],
    ['an account made 18 September, on 17 October', '2026-10-17T12:00:00Z', NEW_ACCOUNT, 'monthly', 60],
    ['an account made 18 September, in September', '2026-09-18T12:00:00Z', NEW_ACCOUNT, 'monthly', 60],
    ['an older account on 18 October', '2026-10-18T00:00:00Z', OLD_ACCOUNT, 'monthly', 30],
    ['an account made 18 September, on 18 October', '2026-10-18T00:00:00Z', NEW_ACCOUNT, 'monthly', 30],
    ['any account in 2027', '2027-02-03T00:00:00Z', OLD_ACCOUNT, 'monthly', 30],
  ])('gives Free %s a %s allowance of %s', (_name, at, createdAt, kind, limit) => {
    expect(allowanceFor('free', d(at), createdAt)).toMatchObject({ kind, limit });
  });

  it('counts the Free month from its first day and resets on the next', () => {
    expect(allowanceFor('free', d('2026-10-18T09:00:00Z'), OLD_ACCOUNT)).toEqual({
      kind: 'monthly',
      limit: 30,
      windowStart: d('2026-10-01T00:00:00Z'),
      resetsAt: d('2026-11-01T00:00:00Z'),
    });
  });
});

describe('decideAllowance', () => {
  const ask = (overrides: Partial<Parameters<typeof decideAllowance>[0]>) =>
    decideAllowance({
      plan: 'free',
      at: d('2026-11-05T12:00:00Z'),
      accountCreatedAt: OLD_ACCOUNT,
      usedToday: 0,
      usedThisMonth: 0,
      ...overrides,
    });

  it.each([
    ['Beginner under 20', { plan: 'beginner', usedToday: 19 }, { verdict: 'ok' }],
    [
      'Beginner at 20',
      { plan: 'beginner', usedToday: 20 },
      { verdict: 'queue_next_day', limit: 20, used: 20 },
    ],
    [
      'Apprentice at 50',
      { plan: 'apprentice', usedToday: 50 },
      { verdict: 'queue_next_day', limit: 50, used: 50 },
    ],
    ['Skilled at 10,000', { plan: 'skilled', usedToday: 10_000, usedThisMonth: 99_999 }, { verdict: 'ok' }],
    ['Free under 30 in November', { usedThisMonth: 29 }, { verdict: 'ok' }],
    [
      'Free older account on 16 October over 5',
      { at: d('2026-10-16T12:00:00Z'), usedToday: 5, usedThisMonth: 40 },
      { verdict: 'queue_next_day', limit: 5, used: 5 },
    ],
    [
      'Free older account on 17 October under 5 with October at 30',
      { at: d('2026-10-17T12:00:00Z'), usedToday: 4, usedThisMonth: 30 },
      { verdict: 'ok' },
    ],
    [
      'Free older account on 17 October over 5 with October at 29',
      { at: d('2026-10-17T12:00:00Z'), usedToday: 5, usedThisMonth: 29 },
      { verdict: 'queue_next_day', limit: 5, used: 5 },
    ],
    [
      'Free account made 18 September at 59 on 17 October',
      { at: d('2026-10-17T12:00:00Z'), accountCreatedAt: NEW_ACCOUNT, usedThisMonth: 59 },
      { verdict: 'ok' },
    ],
    [
      'Free account made 18 September under 30 on 18 October',
      { at: d('2026-10-18T00:00:00Z'), accountCreatedAt: NEW_ACCOUNT, usedThisMonth: 29 },
      { verdict: 'ok' },
    ],
  ] as const)('answers %s', (_name, overrides, expected) => {
    expect(ask(overrides)).toEqual(expected);
  });

  it.each([
    ['November at 30', d('2026-11-05T12:00:00Z'), OLD_ACCOUNT, 30, 0, 30, d('2026-12-01T00:00:00Z')],
    [
      'an older account on 18 October with 34 used',
      d('2026-10-18T00:00:00Z'),
      OLD_ACCOUNT,
      34,
      0,
      30,
      d('2026-11-01T00:00:00Z'),
    ],
    [
      'an account made 18 September on 18 October with 45 used',
      d('2026-10-18T08:00:00Z'),
      NEW_ACCOUNT,
      45,
      0,
      30,
      d('2026-11-01T00:00:00Z'),
    ],
    [
      'an account made 18 September at 60 in September',
      d('2026-09-25T08:00:00Z'),
      NEW_ACCOUNT,
      60,
      0,
      60,
      d('2026-10-01T00:00:00Z'),
    ],
    [
      'an older account on 17 October over 5 with October at 30',
      d('2026-10-17T00:00:00Z'),
      OLD_ACCOUNT,
      30,
      5,
      30,
      d('2026-11-01T00:00:00Z'),
    ],
    [
      'an older account late on 17 October over 5 with October at 31',
      d('2026-10-17T23:59:59Z'),
      OLD_ACCOUNT,
      31,
      7,
      30,
      d('2026-11-01T00:00:00Z'),
    ],
  ])(
    'refuses Free %s with monthly_limit_reached',
    (_name, at, createdAt, usedThisMonth, usedToday, limit, resetsAt) => {
      expect(
        decideAllowance({ plan: 'free', at, accountCreatedAt: createdAt, usedToday, usedThisMonth }),
      ).toEqual({
        verdict: 'monthly_limit_reached',
        limit,
        used: usedThisMonth,
        resetsAt,
        window: 'month',
      });
    },
  );
});

describe('publishAttemptCeiling', () => {
  it.each<[Plan, Date, number]>([
    ['beginner', d('2026-05-01T00:00:00Z'), 80],
    ['apprentice', d('2026-05-01T00:00:00Z'), 170],
    ['free', d('2026-05-01T00:00:00Z'), 80],
    ['free', d('2026-11-01T00:00:00Z'), 80],
    ['skilled', d('2026-05-01T00:00:00Z'), 500],
    ['expert', d('2026-05-01T00:00:00Z'), 500],
    ['agency', d('2026-05-01T00:00:00Z'), 500],
  ])('caps %s publish attempts on %s at %s', (plan, at, ceiling) => {
    expect(publishAttemptCeiling(plan, at, OLD_ACCOUNT)).toBe(ceiling);
  });
});
