import { startOfUtcDay, startOfUtcMonth } from '@socialpub/core';
import type { PostCountQuery } from '../../db/post-records-repo.js';
import { billingMonthOf } from './billing-month.js';

/** Anything that counts post records: the publishing store, or the repository itself. */
export interface PostCounter {
  countPosts(query: PostCountQuery): number;
}

/**
 * The counts every limit reads, all from the post records (failed posts count as attempts, not
 * toward an allowance). One definition serves the checks and the admin `usage` view, so the view
 * shows exactly what a request would be judged by.
 */
export function skoolPostCounts(
  counter: PostCounter,
  accountId: string,
  now: Date,
): { hour: number; day: number } {
  // A post exactly an hour ago no longer counts: the hour is over.
  const hourAgo = new Date(now.getTime() - 3_600_000 + 1);
  return {
    hour: counter.countPosts({ accountId, platform: 'skool', since: hourAgo }),
    day: counter.countPosts({ accountId, platform: 'skool', since: startOfUtcDay(now) }),
  };
}

/** X add-on use in the account's billing month, and when that month ends. */
export function xAddonCounts(
  counter: PostCounter,
  account: { id: string; createdAt: string },
  now: Date,
): { used: number; linkUsed: number; resetsAt: Date } {
  const { start, end } = billingMonthOf(account, now);
  const accountId = account.id;
  return {
    used: counter.countPosts({ accountId, platform: 'x', since: start, countingOnly: true }),
    linkUsed: counter.countPosts({
      accountId,
      platform: 'x',
      since: start,
      countingOnly: true,
      withLinks: true,
    }),
    resetsAt: end,
  };
}

// A profile's counts name its account too: the post records are indexed by account.

/** Publish attempts (successful and failed) of a profile this UTC day. */
export function attemptsToday(counter: PostCounter, accountId: string, profileId: string, now: Date): number {
  return counter.countPosts({ accountId, profileId, since: startOfUtcDay(now) });
}

/** Posts of a profile that count toward a daily allowance this UTC day. */
export function postsToday(counter: PostCounter, accountId: string, profileId: string, now: Date): number {
  return counter.countPosts({ accountId, profileId, since: startOfUtcDay(now), countingOnly: true });
}

/** Posts of an account that count toward a monthly allowance this UTC month. */
export function postsThisMonth(counter: PostCounter, accountId: string, now: Date): number {
  return counter.countPosts({ accountId, since: startOfUtcMonth(now), countingOnly: true });
}

/** What core's decideAllowance takes: the profile's posts today, the account's this month. */
export function allowanceCounts(
  counter: PostCounter,
  accountId: string,
  profileId: string,
  now: Date,
): { usedToday: number; usedThisMonth: number } {
  return {
    usedToday: postsToday(counter, accountId, profileId, now),
    usedThisMonth: postsThisMonth(counter, accountId, now),
  };
}
