import { LIMITS, publishAttemptCeiling, uploadDailyBudgetBytes } from '@socialpub/core';
import type { Services, UsageContributor } from '../services.js';
import { billingMonth } from './publishing/billing-month.js';
import { utcDay } from './uploads/link-times.js';

/**
 * The counters the limits read, for the admin account view (reference-server.md: `usage`), so a
 * test or a person can see why a post was queued or refused without guessing.
 */
export function accountUsage(services: Services): UsageContributor {
  return (accountId, now) => {
    const { repos } = services;
    const account = repos.accounts.get(accountId);
    if (!account) return {};
    const createdAt = new Date(account.createdAt);
    const xMonth = billingMonth(createdAt, now);
    const xWindow = xMonth.start.toISOString().slice(0, 10);
    const x = repos.postingCounters.xAddonUsed(accountId, xWindow);
    const skool = repos.postingCounters.skoolPosts(accountId, now);
    const openLinks = repos.uploadLinks.openLinks(accountId);
    return {
      posts_this_month: repos.postingCounters.successesThisMonth(accountId, now),
      profiles: repos.profiles.listForAccount(accountId).map((profile) => ({
        profile_id: profile.id,
        posts_today: repos.postingCounters.successesToday(profile.id, now),
        attempts_today: repos.postingCounters.attemptsToday(profile.id, now),
        attempts_ceiling: publishAttemptCeiling(account.plan, now, createdAt),
      })),
      x_addon: {
        used: x.used,
        limit: LIMITS.xAddon.postsPerBillingMonth,
        link_used: x.linkUsed,
        link_limit: LIMITS.xAddon.postsWithLinksPerBillingMonth,
        resets_at: xMonth.end.toISOString(),
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
  };
}
