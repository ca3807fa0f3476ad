import type { Database } from './database.js';

/** Written at most this often per key: "last used" is shown to the minute, not per request. */
const WRITE_EVERY_MS = 60_000;

/** When each API key was last presented (API management's "last used"; migration 007). */
export class ApiKeyLastUsedRepository {
  readonly #lastWritten = new Map<string, number>();

  constructor(private readonly db: Database) {}

  touch(keyId: string, at: Date): void {
    const previous = this.#lastWritten.get(keyId);
    if (previous !== undefined && at.getTime() - previous < WRITE_EVERY_MS) return;
    this.#lastWritten.set(keyId, at.getTime());
    this.db
      .prepare(
        `INSERT INTO api_key_last_used (key_id, last_used_at) VALUES (?, ?)
         ON CONFLICT(key_id) DO UPDATE SET last_used_at = excluded.last_used_at`,
      )
      .run(keyId, at.toISOString());
  }

  forKeys(keyIds: readonly string[]): Map<string, string> {
    const found = new Map<string, string>();
    for (const keyId of keyIds) {
      const row = this.db.prepare('SELECT last_used_at FROM api_key_last_used WHERE key_id = ?').get(keyId) as
        | { last_used_at: string }
        | undefined;
      if (row) found.set(keyId, row.last_used_at);
    }
    return found;
  }
}
