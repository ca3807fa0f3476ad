import type { Database } from './database.js';

export interface ConnectorRequest {
  id: string;
  kind: 'post' | 'scheduled_post';
  accountId: string;
  grantId: string | null;
  apiKeyId: string | null;
  /** The POST /posts `post` object as the connector sent it. */
  request: Record<string, unknown>;
  createdAt: string;
}

interface Row {
  id: string;
  kind: 'post' | 'scheduled_post';
  account_id: string;
  grant_id: string | null;
  api_key_id: string | null;
  request: string;
  created_at: string;
}

/** The requests behind the posts and scheduled posts AI apps made (retry; Disconnect). */
export class ConnectorRequestsRepository {
  constructor(private readonly db: Database) {}

  record(entry: ConnectorRequest): void {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO connector_requests (id, kind, account_id, grant_id, api_key_id, request, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        entry.id,
        entry.kind,
        entry.accountId,
        entry.grantId,
        entry.apiKeyId,
        JSON.stringify(entry.request),
        entry.createdAt,
      );
  }

  /** Another account's id reads like one that does not exist. */
  get(accountId: string, id: string): ConnectorRequest | null {
    const row = this.db
      .prepare('SELECT * FROM connector_requests WHERE id = ? AND account_id = ?')
      .get(id, accountId) as Row | undefined;
    if (!row) return null;
    return {
      id: row.id,
      kind: row.kind,
      accountId: row.account_id,
      grantId: row.grant_id,
      apiKeyId: row.api_key_id,
      request: JSON.parse(row.request) as Record<string, unknown>,
      createdAt: row.created_at,
    };
  }

  /** A changed scheduled post's request, in the same transaction as the post's own change. */
  replaceRequest(id: string, request: Record<string, unknown>): void {
    this.db
      .prepare('UPDATE connector_requests SET request = ? WHERE id = ?')
      .run(JSON.stringify(request), id);
  }

  /** Scheduled posts a grant made (Disconnect: "also cancel the posts it scheduled"). */
  scheduledPostIdsOfGrant(grantId: string): string[] {
    const rows = this.db
      .prepare("SELECT id FROM connector_requests WHERE grant_id = ? AND kind = 'scheduled_post'")
      .all(grantId) as { id: string }[];
    return rows.map((row) => row.id);
  }
}
