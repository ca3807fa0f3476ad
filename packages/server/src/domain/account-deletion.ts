import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { accountFootprint } from '../db/account-footprint.js';
import type { Database } from '../db/database.js';
import type { Repositories } from '../db/repositories.js';
import type { MediaFolder } from '../files/media-folder.js';
import type { AccountClocks } from './clocks/account-clocks.js';
import type { UploadStorage } from './uploads/upload-storage.js';

/**
 * What a deletion reads from the server's services. The services object itself is passed, so
 * `uploadLinks` is read when a deletion runs (it is set after this class is created).
 */
export interface AccountDeletionDeps {
  db: Database;
  repos: Repositories;
  clocks: AccountClocks;
  mediaFolder: MediaFolder;
  uploadLinks: { storage: Pick<UploadStorage, 'forget'> };
}

/** Tables that name an account in `account_id`, found once from the schema (later areas' tables too). */
function accountTables(services: AccountDeletionDeps): string[] {
  const { db } = services;
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string }[];
  return tables
    .map((t) => t.name)
    .filter(
      (name) =>
        name !== 'accounts' &&
        (
          db.prepare(`SELECT name FROM pragma_table_info('${name.replaceAll("'", "''")}')`).all() as {
            name: string;
          }[]
        ).some((column) => column.name === 'account_id'),
    );
}

/**
 * DELETE /admin/v1/accounts/{id}: the account and everything it owns, safe against a crash at any
 * point, in three repeatable steps: mark it `deleting_since` (its keys stop working; `recover`
 * finishes an interrupted deletion at start-up), remove its files while its rows still list them,
 * then delete its rows in one transaction. Free pages then go back to the file system.
 */
export class AccountDeletion {
  #tables: string[] | null = null;
  readonly #running = new Map<string, Promise<void>>();

  constructor(private readonly services: AccountDeletionDeps) {}

  /** False when there is no such account. A second call during a deletion waits for the first. */
  async delete(accountId: string): Promise<boolean> {
    const { repos, clocks } = this.services;
    const running = this.#running.get(accountId);
    if (running) {
      await running;
      return true;
    }
    const account = repos.accounts.get(accountId);
    if (!account) return false;
    repos.accounts.markDeleting(accountId, clocks.forAccount(accountId).now().toISOString());
    await this.#finish(accountId);
    return true;
  }

  /** Start-up: finishes every deletion a crash interrupted. */
  async recover(): Promise<number> {
    const marked = this.services.repos.accounts.listDeleting();
    for (const accountId of marked) await this.#finish(accountId);
    return marked.length;
  }

  #finish(accountId: string): Promise<void> {
    const work = this.#remove(accountId).finally(() => this.#running.delete(accountId));
    this.#running.set(accountId, work);
    return work;
  }

  async #remove(accountId: string): Promise<void> {
    const { db, repos, mediaFolder } = this.services;
    // Buffered rows of this account are written now, so the transaction below deletes them too.
    repos.writeBehind.flush();
    const fileIds = (
      db
        .prepare(
          `SELECT file_id FROM media_files WHERE account_id = ?
           UNION SELECT file_id FROM upload_links WHERE account_id = ?`,
        )
        .all(accountId, accountId) as { file_id: string }[]
    ).map((row) => row.file_id);
    const storagePaths = (
      db
        .prepare('SELECT storage_path FROM media_files WHERE account_id = ? AND storage_path IS NOT NULL')
        .all(accountId) as { storage_path: string }[]
    ).map((row) => row.storage_path);
    for (const fileId of fileIds) {
      this.services.uploadLinks.storage.forget(fileId);
      await rm(mediaFolder.pathOf(join('files', fileId)), { recursive: true, force: true });
      await rm(mediaFolder.pathOf(join('uploads', `${fileId}.part`)), { force: true });
    }
    for (const path of storagePaths) await rm(mediaFolder.pathOf(path), { recursive: true, force: true });

    this.#tables ??= accountTables(this.services);
    const tables = this.#tables;
    // What memory keeps about the account is found by these ids, read while its rows still exist.
    const footprint = accountFootprint(db, accountId);
    // A test clock the account started from its Clock page goes with it, unless others are on it.
    const ownClocks = db.transaction(() => {
      for (const table of tables) db.prepare(`DELETE FROM "${table}" WHERE account_id = ?`).run(accountId);
      db.prepare('DELETE FROM accounts WHERE id = ?').run(accountId);
      const emptied = repos.clocks
        .startedBy(accountId)
        .filter((id) => repos.accounts.idsOnClock(id).length === 0);
      for (const clockId of emptied) repos.clocks.delete(clockId);
      return emptied;
    })();
    // One path: every cache and count kept per account forgets it (caches/per-account-caches.ts).
    repos.caches.invalidateAccount(footprint);
    for (const clockId of ownClocks) await this.services.clocks.forget(clockId);
    // The database file shrinks by the pages the account used (auto_vacuum = INCREMENTAL, database.ts).
    db.pragma('incremental_vacuum');
  }
}
