import { allowanceFor } from '@socialpub/core';
import type { AccountRecord } from '../db/accounts-repo.js';
import { accountUsage } from '../domain/account-usage.js';
import type { Services } from '../services.js';

/**
 * `service_get_usage`: the plan and its post allowance, with the counters the limits read, computed
 * by the same function as the admin account view (domain/account-usage.ts), so the app sees exactly
 * what a post is judged by. `waiting_scheduled_posts` is the count the 500 waiting-post limit reads.
 */
export function connectorUsage(services: Services, account: AccountRecord): Record<string, unknown> {
  const now = services.clocks.forAccount(account.id).now();
  const counters = accountUsage(services)(account.id, now);
  return {
    plan: account.plan,
    x_addon_enabled: account.xAddon,
    // Dates as the wire shows them (ISO strings).
    allowance: JSON.parse(JSON.stringify(allowanceFor(account.plan, now, new Date(account.createdAt)))),
    ...counters,
    now: now.toISOString(),
  };
}
