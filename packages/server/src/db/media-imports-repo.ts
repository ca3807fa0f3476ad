import { type ClockScope, onClockParams, onClockSql, SERVER_CLOCK_SCOPE } from '../clocks/clock-scope.js';
import type { Database } from './database.js';
import { type MediaFileRecord, type MediaFileRow, mediaFileFromRow } from './media-files-repo.js';

/** A `media_files` row with the columns migration 004 added for imports and the library. */
export interface LibraryFileRecord extends MediaFileRecord {
  /** Bytes received so far; null when nothing is known yet. */
  bytesUploaded: number | null;
  sourceUrl: string | null;
  /** Served at `/files/{file_id}/{file_name}` (reference-server.md: private until ready). */
  isPublic: boolean;
  finishedAt: string | null;
}

interface LibraryFileRow extends MediaFileRow {
  bytes_uploaded: number | null;
  source_url: string | null;
  public: number;
  finished_at: string | null;
}

function fromRow(row: LibraryFileRow): LibraryFileRecord {
  return {
    ...mediaFileFromRow(row),
    bytesUploaded: row.bytes_uploaded,
    sourceUrl: row.source_url,
    isPublic: row.public === 1,
    finishedAt: row.finished_at,
  };
}

export interface LibraryScan {
  accountId: string;
  /** Position of the last file read by the previous page (exclusive). */
  after: { uploadedAt: string; fileId: string } | null;
  /** Earliest `uploaded_at` read (ISO, already moved 2 minutes earlier). */
  uploadedFrom: string | null;
  kind: 'image' | 'video' | null;
  includeUnconfirmed: boolean;
  /** At most this many rows are read ("one request reads at most 500 files"). */
  readLimit: number;
}

export interface RemovedFile {
  fileId: string;
  accountId: string;
  source: MediaFileRecord['source'];
  removedAt: string;
  reason: string;
}

/** Statuses the library list shows (Library item `status`); an upload still arriving is not listed. */
const LIBRARY_STATUSES = ['ready', 'processing', 'verifying', 'failed'];

/** Import progress, library reads, retention and the import throttle over `media_files` (migration 004). */
export class MediaImportsRepository {
  constructor(private readonly db: Database) {}

  get(fileId: string): LibraryFileRecord | null {
    const row = this.db.prepare('SELECT * FROM media_files WHERE file_id = ?').get(fileId) as
      | LibraryFileRow
      | undefined;
    return row ? fromRow(row) : null;
  }

  getForAccount(accountId: string, fileId: string): LibraryFileRecord | null {
    const file = this.get(fileId);
    return file && file.accountId === accountId ? file : null;
  }

  /** Sets the import columns of a row the foundation's repository inserted. */
  setImportFields(fileId: string, sourceUrl: string, bytesUploaded: number): void {
    this.db
      .prepare('UPDATE media_files SET source_url = ?, bytes_uploaded = ? WHERE file_id = ?')
      .run(sourceUrl, bytesUploaded, fileId);
  }

  setBytesUploaded(fileId: string, bytes: number): void {
    this.db.prepare('UPDATE media_files SET bytes_uploaded = ? WHERE file_id = ?').run(bytes, fileId);
  }

  /** The file arrived whole and passed its checks: usable and public at its exact address. */
  markReady(
    fileId: string,
    done: { size: number; sha256: string; storagePath: string; type: string; at: string },
  ): void {
    this.db
      .prepare(
        `UPDATE media_files SET status = 'ready', size = ?, bytes_uploaded = ?, sha256 = ?, storage_path = ?,
         type = ?, public = 1, error = NULL, finished_at = ? WHERE file_id = ?`,
      )
      .run(done.size, done.size, done.sha256, done.storagePath, done.type, done.at, fileId);
  }

  markFailed(fileId: string, error: string, at: string): void {
    this.db
      .prepare(
        `UPDATE media_files SET status = 'failed', error = ?, public = 0, storage_path = NULL, finished_at = ?
         WHERE file_id = ?`,
      )
      .run(error, at, fileId);
  }

  setExpiresAt(fileId: string, expiresAt: string): void {
    this.db.prepare('UPDATE media_files SET expires_at = ? WHERE file_id = ?').run(expiresAt, fileId);
  }

  delete(fileId: string): void {
    this.db.prepare('DELETE FROM media_files WHERE file_id = ?').run(fileId);
  }

  /** Newest first by `uploaded_at` (file id breaks ties), at most `readLimit` rows. */
  scanLibrary(scan: LibraryScan): LibraryFileRecord[] {
    const where = ['account_id = ?', `status IN (${LIBRARY_STATUSES.map(() => '?').join(', ')})`];
    const args: (string | number)[] = [scan.accountId, ...LIBRARY_STATUSES];
    if (scan.after) {
      where.push('(uploaded_at < ? OR (uploaded_at = ? AND file_id < ?))');
      args.push(scan.after.uploadedAt, scan.after.uploadedAt, scan.after.fileId);
    }
    if (scan.uploadedFrom) {
      where.push('uploaded_at >= ?');
      args.push(scan.uploadedFrom);
    }
    if (scan.kind) {
      where.push('kind = ?');
      args.push(scan.kind);
    }
    if (!scan.includeUnconfirmed) where.push('confirm_before_posting = 0');
    const rows = this.db
      .prepare(
        `SELECT * FROM media_files WHERE ${where.join(' AND ')}
         ORDER BY uploaded_at DESC, file_id DESC LIMIT ?`,
      )
      .all(...args, scan.readLimit) as LibraryFileRow[];
    return rows.map(fromRow);
  }

  /**
   * The file whose retention ends first. Upload-link files count only once ready: before that the
   * upload-link rules close them ("States and transitions: Media").
   */
  nextToExpire(scope: ClockScope = SERVER_CLOCK_SCOPE): { fileId: string; expiresAt: string } | null {
    const row = this.db
      .prepare(
        `SELECT file_id, expires_at FROM media_files
         WHERE expires_at IS NOT NULL AND (source <> 'upload_link' OR status = 'ready')
         AND ${onClockSql('account_id', scope)}
         ORDER BY expires_at, file_id LIMIT 1`,
      )
      .get(...onClockParams(scope)) as { file_id: string; expires_at: string } | undefined;
    return row ? { fileId: row.file_id, expiresAt: row.expires_at } : null;
  }

  recordRemoved(removed: RemovedFile): void {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO media_removed (file_id, account_id, source, removed_at, reason)
         VALUES (?, ?, ?, ?, ?)`,
      )
      .run(removed.fileId, removed.accountId, removed.source, removed.removedAt, removed.reason);
  }

  getRemoved(accountId: string, fileId: string): RemovedFile | null {
    const row = this.db
      .prepare('SELECT * FROM media_removed WHERE file_id = ? AND account_id = ?')
      .get(fileId, accountId) as
      | {
          file_id: string;
          account_id: string;
          source: RemovedFile['source'];
          removed_at: string;
          reason: string;
        }
      | undefined;
    return row
      ? {
          fileId: row.file_id,
          accountId: row.account_id,
          source: row.source,
          removedAt: row.removed_at,
          reason: row.reason,
        }
      : null;
  }

  lastImportAt(accountId: string): string | null {
    const row = this.db
      .prepare('SELECT last_import_at FROM media_import_throttle WHERE account_id = ?')
      .get(accountId) as { last_import_at: string } | undefined;
    return row?.last_import_at ?? null;
  }

  /** Sets (or with null clears) the time the account's 20-second import wait counts from. */
  setLastImportAt(accountId: string, at: string | null): void {
    if (at === null) {
      this.db.prepare('DELETE FROM media_import_throttle WHERE account_id = ?').run(accountId);
      return;
    }
    this.db
      .prepare('INSERT OR REPLACE INTO media_import_throttle (account_id, last_import_at) VALUES (?, ?)')
      .run(accountId, at);
  }

  /**
   * The latest due time of a waiting or sending scheduled post of the account whose stored request
   * names the file (migration 002's `scheduled_posts`), or null. File ids are UUIDs, so a text
   * search of the stored request finds `mediaID` and `mediaIds` alike.
   */
  latestWaitingPostUsing(accountId: string, fileId: string): string | null {
    const row = this.db
      .prepare(
        // One part per outcome: each reads its own index of open posts (migration 017).
        `SELECT MAX(at) AS at FROM (
           SELECT at FROM scheduled_posts WHERE account_id = ? AND outcome = 'waiting' AND instr(request, ?) > 0
           UNION ALL
           SELECT at FROM scheduled_posts WHERE account_id = ? AND outcome = 'sending' AND instr(request, ?) > 0)`,
      )
      .get(accountId, fileId, accountId, fileId) as { at: string | null } | undefined;
    return row?.at ?? null;
  }
}
