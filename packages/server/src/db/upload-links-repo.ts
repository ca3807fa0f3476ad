import type { UploadLinkState } from '@socialpub/core';
import { type ClockScope, onClockParams, onClockSql, SERVER_CLOCK_SCOPE } from '../clocks/clock-scope.js';
import type { Database } from './database.js';

/** Why a link ended; `expired` and `unused` answer 410 upload_expired afterwards. */
export type UploadLinkEndReason =
  | 'cancelled'
  | 'expired'
  | 'unused'
  | 'rejected:sha256'
  | 'rejected:size'
  | 'rejected:type'
  | 'rejected:content'
  | 'rejected:gone'
  | 'unverifiable';

export interface UploadLinkRecord {
  fileId: string;
  accountId: string;
  apiKeyId: string;
  fileName: string;
  size: number;
  /** Lower case. */
  sha256: string;
  type: string;
  kind: 'image' | 'video';
  state: UploadLinkState;
  receivedBytes: number;
  firstByteAt: string | null;
  tokensIssued: number;
  newestTokenExpiresAt: string;
  createdAt: string;
  /** `upload_expires_at`: 24 hours after the link. */
  expiresAt: string;
  /** When the service ends the link on its own (due work); null when nothing is due. */
  closesAt: string | null;
  verifyStartedAt: string | null;
  verifiedSha256: string | null;
  endReason: UploadLinkEndReason | null;
  /** Why the checks refused the file, in words (migration 024); null otherwise. */
  endDetail?: string | null;
  endedAt: string | null;
  /** UTC day (YYYY-MM-DD) whose budget the link is charged to. */
  budgetDay: string;
}

interface UploadLinkRow {
  file_id: string;
  account_id: string;
  api_key_id: string;
  file_name: string;
  size: number;
  sha256: string;
  type: string;
  kind: 'image' | 'video';
  state: UploadLinkState;
  received_bytes: number;
  first_byte_at: string | null;
  tokens_issued: number;
  newest_token_expires_at: string;
  created_at: string;
  expires_at: string;
  closes_at: string | null;
  verify_started_at: string | null;
  verified_sha256: string | null;
  end_reason: UploadLinkEndReason | null;
  end_detail: string | null;
  ended_at: string | null;
  budget_day: string;
}

const COLUMNS: ReadonlyArray<[keyof UploadLinkRecord, keyof UploadLinkRow]> = [
  ['fileId', 'file_id'],
  ['accountId', 'account_id'],
  ['apiKeyId', 'api_key_id'],
  ['fileName', 'file_name'],
  ['size', 'size'],
  ['sha256', 'sha256'],
  ['type', 'type'],
  ['kind', 'kind'],
  ['state', 'state'],
  ['receivedBytes', 'received_bytes'],
  ['firstByteAt', 'first_byte_at'],
  ['tokensIssued', 'tokens_issued'],
  ['newestTokenExpiresAt', 'newest_token_expires_at'],
  ['createdAt', 'created_at'],
  ['expiresAt', 'expires_at'],
  ['closesAt', 'closes_at'],
  ['verifyStartedAt', 'verify_started_at'],
  ['verifiedSha256', 'verified_sha256'],
  ['endReason', 'end_reason'],
  ['endDetail', 'end_detail'],
  ['endedAt', 'ended_at'],
  ['budgetDay', 'budget_day'],
];

function fromRow(row: UploadLinkRow): UploadLinkRecord {
  const record: Record<string, unknown> = {};
  for (const [field, column] of COLUMNS) record[field] = row[column];
  return record as unknown as UploadLinkRecord;
}

function toValues(link: UploadLinkRecord): unknown[] {
  return COLUMNS.map(([field]) => link[field] ?? null);
}

export type UploadLinkEventKind = 'call' | 'link';

/** Upload links, their tokens, the upload-link rate counters and the daily upload budget. */
export class UploadLinksRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  insert(link: UploadLinkRecord): void {
    const names = COLUMNS.map(([, column]) => column).join(', ');
    const marks = COLUMNS.map(() => '?').join(', ');
    this.db.prepare(`INSERT INTO upload_links (${names}) VALUES (${marks})`).run(...toValues(link));
  }

  /** Writes every field but the stored offset, which only the storage endpoint moves. */
  save(link: UploadLinkRecord): void {
    const fields = COLUMNS.filter(([field]) => field !== 'fileId' && field !== 'receivedBytes');
    const sets = fields.map(([, column]) => `${column} = ?`).join(', ');
    this.db
      .prepare(`UPDATE upload_links SET ${sets} WHERE file_id = ?`)
      .run(...fields.map(([field]) => link[field]), link.fileId);
  }

  setReceived(
    fileId: string,
    receivedBytes: number,
    firstByteAt: string | null,
    closesAt: string | null,
  ): void {
    this.db
      .prepare(
        `UPDATE upload_links SET received_bytes = ?, first_byte_at = COALESCE(first_byte_at, ?), closes_at = ?
         WHERE file_id = ? AND state = 'uploading'`,
      )
      .run(receivedBytes, firstByteAt, closesAt, fileId);
  }

  /** Uploads still taking bytes (the metrics' uploads in progress). */
  countUploading(): number {
    return (
      this.db.prepare(`SELECT COUNT(*) AS n FROM upload_links WHERE state = 'uploading'`).get() as {
        n: number;
      }
    ).n;
  }

  get(fileId: string): UploadLinkRecord | null {
    const row = this.db.prepare('SELECT * FROM upload_links WHERE file_id = ?').get(fileId) as
      | UploadLinkRow
      | undefined;
    return row ? fromRow(row) : null;
  }

  /** The open link of the same file (name, size, SHA-256) made by the same API key. */
  findOpenSameFile(
    apiKeyId: string,
    fileName: string,
    size: number,
    sha256: string,
  ): UploadLinkRecord | null {
    const row = this.db
      .prepare(
        `SELECT * FROM upload_links WHERE api_key_id = ? AND file_name = ? AND size = ? AND sha256 = ?
         AND state = 'uploading' ORDER BY created_at DESC LIMIT 1`,
      )
      .get(apiKeyId, fileName, size, sha256) as UploadLinkRow | undefined;
    return row ? fromRow(row) : null;
  }

  /** Open links (uploading or verifying) of an account. */
  openLinks(accountId: string): UploadLinkRecord[] {
    const rows = this.db
      .prepare(`SELECT * FROM upload_links WHERE account_id = ? AND state IN ('uploading', 'verifying')`)
      .all(accountId) as UploadLinkRow[];
    return rows.map(fromRow);
  }

  nextClosing(scope: ClockScope = SERVER_CLOCK_SCOPE): { fileId: string; closesAt: string } | null {
    const row = this.db
      .prepare(
        `SELECT file_id, closes_at FROM upload_links WHERE closes_at IS NOT NULL
         AND ${onClockSql('account_id', scope)} ORDER BY closes_at, file_id LIMIT 1`,
      )
      .get(...onClockParams(scope)) as { file_id: string; closes_at: string } | undefined;
    return row ? { fileId: row.file_id, closesAt: row.closes_at } : null;
  }

  addToken(fileId: string, tokenHash: string, issuedAt: string, expiresAt: string): void {
    this.db
      .prepare(
        'INSERT INTO upload_link_tokens (token_hash, file_id, issued_at, expires_at) VALUES (?, ?, ?, ?)',
      )
      .run(tokenHash, fileId, issuedAt, expiresAt);
  }

  findToken(tokenHash: string): { fileId: string; expiresAt: string } | null {
    const row = this.db
      .prepare('SELECT file_id, expires_at FROM upload_link_tokens WHERE token_hash = ?')
      .get(tokenHash) as { file_id: string; expires_at: string } | undefined;
    return row ? { fileId: row.file_id, expiresAt: row.expires_at } : null;
  }

  deleteTokens(fileId: string): void {
    this.db.prepare('DELETE FROM upload_link_tokens WHERE file_id = ?').run(fileId);
  }

  addEvent(accountId: string, kind: UploadLinkEventKind, at: string): void {
    this.db
      .prepare('INSERT INTO upload_link_events (account_id, kind, at) VALUES (?, ?, ?)')
      .run(accountId, kind, at);
  }

  /** Times of an account's events of a kind at or after `since`, oldest first. */
  eventsSince(accountId: string, kind: UploadLinkEventKind, since: string): string[] {
    const rows = this.db
      .prepare('SELECT at FROM upload_link_events WHERE account_id = ? AND kind = ? AND at >= ? ORDER BY at')
      .all(accountId, kind, since) as { at: string }[];
    return rows.map((row) => row.at);
  }

  pruneEvents(before: string): void {
    this.db.prepare('DELETE FROM upload_link_events WHERE at < ?').run(before);
  }

  usedBytes(accountId: string, day: string): number {
    const row = this.db
      .prepare('SELECT used_bytes FROM upload_budget_usage WHERE account_id = ? AND day = ?')
      .get(accountId, day) as { used_bytes: number } | undefined;
    return row?.used_bytes ?? 0;
  }

  addUsedBytes(accountId: string, day: string, bytes: number): void {
    if (bytes <= 0) return;
    this.db
      .prepare(
        `INSERT INTO upload_budget_usage (account_id, day, used_bytes) VALUES (?, ?, ?)
         ON CONFLICT (account_id, day) DO UPDATE SET used_bytes = used_bytes + excluded.used_bytes`,
      )
      .run(accountId, day, bytes);
  }
}
