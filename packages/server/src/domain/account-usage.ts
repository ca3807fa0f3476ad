import { LIMITS, publishAttemptCeiling, uploadDailyBudgetBytes } from '@socialpub/core';
import type { DomainDeps } from './domain-deps.js';
import {
  attemptsToday,
  postsThisMonth,
  postsToday,
  skoolPostCounts,
  xAddonCounts,
} from './publishing/limit-counts.js';
import { utcDay } from './uploads/link-times.js';

/**
 * The counters the limits read, for the admin account view (reference-server.md: `usage`), computed
 * by the same functions the checks use, so a test or a person sees exactly what a request is judged by.
 */
/** The counters the limits read for one account at `now` (typed; the dashboard Overview shows them). */
export function accountUsageCounts(services: Pick<DomainDeps, 'repos'>, accountId: string, now: Date) {
  const { repos } = services;
  const account = repos.accounts.get(accountId);
  if (!account) return null;
  const records = repos.postRecords;
  const x = xAddonCounts(records, account, now);
  const skool = skoolPostCounts(records, accountId, now);
  const openLinks = repos.uploadLinks.openLinks(accountId);
  const profiles = repos.profiles.listForAccount(accountId);
  return {
    posts_this_month: postsThisMonth(records, accountId, now),
    profiles: profiles.map((profile) => ({
      profile_id: profile.id,
      posts_today: postsToday(records, accountId, profile.id, now),
      attempts_today: attemptsToday(records, accountId, profile.id, now),
      attempts_ceiling: publishAttemptCeiling(account.plan, now, new Date(account.createdAt)),
    })),
    x_addon: {
      used: x.used,
      limit: LIMITS.xAddon.postsPerBillingMonth,
      link_used: x.linkUsed,
      link_limit: LIMITS.xAddon.postsWithLinksPerBillingMonth,
      resets_at: x.resetsAt.toISOString(),
    },
    skool: { this_hour: skool.hour, today: skool.day },
    scheduled_waiting: repos.scheduledPosts.countWaiting(accountId),
    uploads: {
      open: openLinks.length,
      used_bytes_today: repos.uploadLinks.usedBytes(accountId, utcDay(now)),
      held_bytes: openLinks.reduce((sum, link) => sum + link.size, 0),
      daily_budget_bytes: uploadDailyBudgetBytes(account.plan),
    },
  };
}

export type AccountUsageCounts = NonNullable<ReturnType<typeof accountUsageCounts>>;

/** Contributes counters to the admin account view (`usage`); the posts and media areas add theirs. */
export type UsageContributor = (accountId: string, now: Date) => Record<string, unknown>;

export function accountUsage(services: Pick<DomainDeps, 'repos'>): UsageContributor {
  return (accountId, now) => accountUsageCounts(services, accountId, now) ?? {};
}
