import type { Database } from './database.js';

/** Server-wide values generated once and kept (cursor secret, admin token hash, seeding marker). */
export class SettingsRepository {
  constructor(private readonly db: Database) {}

  get(key: string): string | null {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as
      | { value: string }
      | undefined;
    return row?.value ?? null;
  }

  set(key: string, value: string): void {
    this.db.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)').run(key, value);
  }

  /** Returns the stored value, creating it with `create()` the first time. */
  getOrCreate(key: string, create: () => string): string {
    const existing = this.get(key);
    if (existing !== null) return existing;
    const value = create();
    this.db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(key, value);
    return this.get(key) ?? value;
  }
}
