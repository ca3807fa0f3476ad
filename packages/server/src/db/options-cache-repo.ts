import type { Database } from './database.js';

export interface CachedOptionsRow {
  row: Record<string, unknown>;
  checkedAt: string;
}

/** Options rows are reused about 1.5 minutes (Limits, Reads); `variant` separates skool group asks. */
export class OptionsCacheRepository {
  constructor(private readonly db: Database) {}

  get(profileId: string, platform: string, variant: string): CachedOptionsRow | null {
    const row = this.db
      .prepare(
        'SELECT row_json, checked_at FROM options_cache WHERE profile_id = ? AND platform = ? AND variant = ?',
      )
      .get(profileId, platform, variant) as { row_json: string; checked_at: string } | undefined;
    return row
      ? { row: JSON.parse(row.row_json) as Record<string, unknown>, checkedAt: row.checked_at }
      : null;
  }

  put(
    profileId: string,
    platform: string,
    variant: string,
    row: Record<string, unknown>,
    checkedAt: string,
  ): void {
    this.db
      .prepare(
        'INSERT OR REPLACE INTO options_cache (profile_id, platform, variant, row_json, checked_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(profileId, platform, variant, JSON.stringify(row), checkedAt);
  }

  /** A changed connection must not be answered from a stale row. */
  invalidate(profileId: string, platform: string): void {
    this.db
      .prepare('DELETE FROM options_cache WHERE profile_id = ? AND platform = ?')
      .run(profileId, platform);
  }
}
