import type { Database } from './database.js';

/** A file of the media library (the media engineer extends the table with later migrations). */
export interface MediaFileRecord {
  fileId: string;
  accountId: string;
  fileName: string;
  type: string;
  kind: 'image' | 'video';
  size: number;
  status: string;
  source: 'dashboard' | 'url_import' | 'upload_link';
  uploadedAt: string;
  expiresAt: string | null;
  confirmBeforePosting: boolean;
  error: string | null;
  sha256: string | null;
  storagePath: string | null;
}

/** A `media_files` row as migration 001 wrote it; later migrations' rows extend it. */
export interface MediaFileRow {
  file_id: string;
  account_id: string;
  file_name: string;
  type: string;
  kind: 'image' | 'video';
  size: number;
  status: string;
  source: MediaFileRecord['source'];
  uploaded_at: string;
  expires_at: string | null;
  confirm_before_posting: number;
  error: string | null;
  sha256: string | null;
  storage_path: string | null;
}

export function mediaFileFromRow(row: MediaFileRow): MediaFileRecord {
  return {
    fileId: row.file_id,
    accountId: row.account_id,
    fileName: row.file_name,
    type: row.type,
    kind: row.kind,
    size: row.size,
    status: row.status,
    source: row.source,
    uploadedAt: row.uploaded_at,
    expiresAt: row.expires_at,
    confirmBeforePosting: row.confirm_before_posting === 1,
    error: row.error,
    sha256: row.sha256,
    storagePath: row.storage_path,
  };
}

export class MediaFilesRepository {
  constructor(private readonly db: Database) {}

  insert(file: MediaFileRecord): void {
    this.db
      .prepare(
        `INSERT INTO media_files (file_id, account_id, file_name, type, kind, size, status, source, uploaded_at,
         expires_at, confirm_before_posting, error, sha256, storage_path)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        file.fileId,
        file.accountId,
        file.fileName,
        file.type,
        file.kind,
        file.size,
        file.status,
        file.source,
        file.uploadedAt,
        file.expiresAt,
        file.confirmBeforePosting ? 1 : 0,
        file.error,
        file.sha256,
        file.storagePath,
      );
  }

  getForAccount(accountId: string, fileId: string): MediaFileRecord | null {
    const row = this.db
      .prepare('SELECT * FROM media_files WHERE file_id = ? AND account_id = ?')
      .get(fileId, accountId) as MediaFileRow | undefined;
    return row ? mediaFileFromRow(row) : null;
  }
}
