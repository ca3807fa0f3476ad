import type { Database } from './database.js';

/**
 * Which posts one composer post became (migration 027): the dashboard's Scheduled and History show
 * a group as one row. Items are scheduled posts or posts; a post sent by a grouped scheduled post
 * belongs to its scheduled post's group.
 */
export class ComposerGroupsRepository {
  constructor(private readonly db: Database) {}

  /** Records the items (two or more) as one group. */
  add(accountId: string, groupId: string, itemIds: readonly string[]): void {
    const insert = this.db.prepare(
      'INSERT INTO composer_groups (item_id, group_id, account_id) VALUES (?, ?, ?)',
    );
    this.db.transaction(() => {
      for (const id of itemIds) insert.run(id, groupId, accountId);
    })();
  }

  /** The group of each of the account's items that has one. */
  groupsOf(accountId: string, itemIds: readonly string[]): Map<string, string> {
    const groups = new Map<string, string>();
    if (itemIds.length === 0) return groups;
    const rows = this.db
      .prepare(
        `SELECT item_id, group_id FROM composer_groups
         WHERE account_id = ? AND item_id IN (SELECT value FROM json_each(?))`,
      )
      .all(accountId, JSON.stringify(itemIds)) as Array<{ item_id: string; group_id: string }>;
    for (const row of rows) groups.set(row.item_id, row.group_id);
    return groups;
  }

  /** Every item of one of the account's groups (none for another account's group). */
  members(accountId: string, groupId: string): string[] {
    return this.db
      .prepare('SELECT item_id FROM composer_groups WHERE account_id = ? AND group_id = ?')
      .pluck()
      .all(accountId, groupId) as string[];
  }
}
