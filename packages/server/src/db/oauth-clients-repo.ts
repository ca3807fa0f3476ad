import type { Database } from './database.js';

/** How the app identified itself: registered here (RFC 7591) or by a metadata document URL. */
export type OAuthClientKind = 'registered' | 'metadata_document';

export interface OAuthClientRecord {
  clientId: string;
  kind: OAuthClientKind;
  clientName: string | null;
  clientUri: string | null;
  redirectUris: string[];
  tokenEndpointAuthMethod: 'none';
  createdAt: string;
  /** When a metadata document was last fetched (null for registered clients). */
  fetchedAt: string | null;
}

interface OAuthClientRow {
  client_id: string;
  kind: OAuthClientKind;
  client_name: string | null;
  client_uri: string | null;
  redirect_uris: string;
  token_endpoint_auth_method: 'none';
  created_at: string;
  fetched_at: string | null;
}

function fromRow(row: OAuthClientRow): OAuthClientRecord {
  return {
    clientId: row.client_id,
    kind: row.kind,
    clientName: row.client_name,
    clientUri: row.client_uri,
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    tokenEndpointAuthMethod: row.token_endpoint_auth_method,
    createdAt: row.created_at,
    fetchedAt: row.fetched_at,
  };
}

/** A client no grant names (index oauth_grants_client, migration 016). */
const UNUSED = `NOT EXISTS (
  SELECT 1 FROM oauth_grants WHERE oauth_grants.client_id = oauth_clients.client_id)`;

export class OAuthClientsRepository {
  constructor(private readonly db: Database) {}

  get(clientId: string): OAuthClientRecord | null {
    const row = this.db.prepare('SELECT * FROM oauth_clients WHERE client_id = ?').get(clientId) as
      | OAuthClientRow
      | undefined;
    return row ? fromRow(row) : null;
  }

  /** Inserts a client, or replaces a metadata document's snapshot with a fresher fetch. */
  save(client: OAuthClientRecord): void {
    this.db
      .prepare(
        `INSERT INTO oauth_clients (client_id, kind, client_name, client_uri, redirect_uris,
           token_endpoint_auth_method, created_at, fetched_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(client_id) DO UPDATE SET client_name = excluded.client_name,
           client_uri = excluded.client_uri, redirect_uris = excluded.redirect_uris,
           fetched_at = excluded.fetched_at`,
      )
      .run(
        client.clientId,
        client.kind,
        client.clientName,
        client.clientUri,
        JSON.stringify(client.redirectUris),
        client.tokenEndpointAuthMethod,
        client.createdAt,
        client.fetchedAt,
      );
  }

  /** Whether a person ever consented to this client (a grant names it, even a disconnected one). */
  consentedTo(clientId: string): boolean {
    return (
      this.db.prepare('SELECT 1 FROM oauth_grants WHERE client_id = ? LIMIT 1').get(clientId) !== undefined
    );
  }

  /** How many clients no grant names (registrations never consented to, unused document snapshots). */
  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM oauth_clients').get() as { n: number }).n;
  }

  countUnused(): number {
    const row = this.db.prepare(`SELECT COUNT(*) AS n FROM oauth_clients WHERE ${UNUSED}`).get() as {
      n: number;
    };
    return row.n;
  }

  /** When the oldest client that no grant names was stored, or null when there is none. */
  oldestUnusedCreatedAt(): string | null {
    const row = this.db
      .prepare(`SELECT created_at FROM oauth_clients WHERE ${UNUSED} ORDER BY created_at LIMIT 1`)
      .get() as { created_at: string } | undefined;
    return row?.created_at ?? null;
  }

  /**
   * Removes clients created before `cutoff` (ISO time) that no grant names: registrations never
   * consented to, and metadata document snapshots never used (fetched again when needed). A
   * client with a grant, even a disconnected one, stays: the Connected apps page names it.
   * `clientId` limits the removal to that one client. Answers how many were removed.
   */
  removeUnusedBefore(cutoff: string, clientId?: string): number {
    const unused = `created_at < ? AND ${UNUSED}`;
    const result =
      clientId === undefined
        ? this.db.prepare(`DELETE FROM oauth_clients WHERE ${unused}`).run(cutoff)
        : this.db
            .prepare(`DELETE FROM oauth_clients WHERE client_id = ? AND ${unused}`)
            .run(clientId, cutoff);
    return result.changes;
  }
}
