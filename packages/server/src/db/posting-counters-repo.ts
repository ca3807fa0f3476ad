import type { Platform } from '@socialpub/core';
import type { Database } from './database.js';

/**
 * Counters the posting limits read (Limits: Post allowance, Publish attempts, Request throttle, the
 * X add-on). Each is a count per subject per window; the window is a UTC day (`YYYY-MM-DD`), a UTC
 * hour (`YYYY-MM-DDTHH`), a UTC calendar month (`YYYY-MM`) or a billing month named by the caller.
 * Successful posts can also be counted from the post records (`PostRecordsRepository.countPosts`);
 * these counters exist for what a post record does not show (refused attempts, billing months).
 */
export type CounterScope =
  | 'attempts_profile_day'
  | 'success_profile_day'
  | 'success_account_month'
  | 'skool_account_hour'
  | 'skool_account_day'
  | 'x_addon_account_billing_month'
  | 'x_addon_links_account_billing_month';

export const utcDayWindow = (at: Date): string => at.toISOString().slice(0, 10);
export const utcHourWindow = (at: Date): string => at.toISOString().slice(0, 13);
export const utcMonthWindow = (at: Date): string => at.toISOString().slice(0, 7);

export class PostingCountersRepository {
  readonly #get;
  readonly #add;

  constructor(private readonly db: Database) {
    this.#get = db.prepare(
      'SELECT count FROM posting_counters WHERE scope = ? AND subject = ? AND window = ?',
    );
    this.#add = db.prepare(
      `INSERT INTO posting_counters (scope, subject, window, count) VALUES (?, ?, ?, ?)
       ON CONFLICT (scope, subject, window) DO UPDATE SET count = count + excluded.count`,
    );
  }

  get(scope: CounterScope, subject: string, window: string): number {
    const row = this.#get.get(scope, subject, window) as { count: number } | undefined;
    return row?.count ?? 0;
  }

  add(scope: CounterScope, subject: string, window: string, by = 1): void {
    this.#add.run(scope, subject, window, by);
  }

  /** Both counters of one event together; inside the caller's transaction no savepoint is needed. */
  #together(work: () => void): void {
    if (this.db.inTransaction) work();
    else this.db.transaction(work)();
  }

  /** A publish attempt (successful or failed) of the profile in its UTC day. */
  recordAttempt(profileId: string, at: Date): void {
    this.add('attempts_profile_day', profileId, utcDayWindow(at));
  }

  attemptsToday(profileId: string, at: Date): number {
    return this.get('attempts_profile_day', profileId, utcDayWindow(at));
  }

  /** A successful post: the profile's UTC day and the account's UTC calendar month. */
  recordSuccess(accountId: string, profileId: string, at: Date): void {
    this.#together(() => {
      this.add('success_profile_day', profileId, utcDayWindow(at));
      this.add('success_account_month', accountId, utcMonthWindow(at));
    });
  }

  successesToday(profileId: string, at: Date): number {
    return this.get('success_profile_day', profileId, utcDayWindow(at));
  }

  successesThisMonth(accountId: string, at: Date): number {
    return this.get('success_account_month', accountId, utcMonthWindow(at));
  }

  /** The 20-second wait: last post time per network per account. */
  setLastPostAt(accountId: string, platform: Platform, at: Date): void {
    this.db
      .prepare(
        `INSERT INTO posting_last_post (account_id, platform, at) VALUES (?, ?, ?)
         ON CONFLICT (account_id, platform) DO UPDATE SET at = MAX(at, excluded.at)`,
      )
      .run(accountId, platform, at.toISOString());
  }

  lastPostAt(accountId: string, platform: Platform): Date | null {
    const row = this.db
      .prepare('SELECT at FROM posting_last_post WHERE account_id = ? AND platform = ?')
      .get(accountId, platform) as { at: string } | undefined;
    return row ? new Date(row.at) : null;
  }

  /** skool's own limit: one post per hour per account and 10 per day. */
  recordSkoolPost(accountId: string, at: Date): void {
    this.#together(() => {
      this.add('skool_account_hour', accountId, utcHourWindow(at));
      this.add('skool_account_day', accountId, utcDayWindow(at));
    });
  }

  skoolPosts(accountId: string, at: Date): { hour: number; day: number } {
    return {
      hour: this.get('skool_account_hour', accountId, utcHourWindow(at)),
      day: this.get('skool_account_day', accountId, utcDayWindow(at)),
    };
  }

  /** The X add-on's allowance per billing month (`billingMonth` names the window, e.g. its start date). */
  recordXAddonPost(accountId: string, billingMonth: string, withLink: boolean): void {
    this.#together(() => {
      this.add('x_addon_account_billing_month', accountId, billingMonth);
      if (withLink) this.add('x_addon_links_account_billing_month', accountId, billingMonth);
    });
  }

  xAddonUsed(accountId: string, billingMonth: string): { used: number; linkUsed: number } {
    return {
      used: this.get('x_addon_account_billing_month', accountId, billingMonth),
      linkUsed: this.get('x_addon_links_account_billing_month', accountId, billingMonth),
    };
  }
}
