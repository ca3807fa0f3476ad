import type { Platform } from '@socialpub/core';
import { InvalidationVersion } from '../caches/invalidation-version.js';
import { LRU_CACHE_CAPACITY, LruCache } from '../caches/lru-cache.js';
import { WORKING_SET } from '../caches/lru-working-set.js';
import type { Database } from './database.js';

export type JsonObject = Record<string, unknown>;

/** A network connected to a profile, with what the simulated network should do (`simulate`). */
export interface ConnectionRecord {
  profileId: string;
  platform: Platform;
  username: string;
  status: string;
  health: string;
  accessExpiresAt: string | null;
  connectedAt: string;
  updatedAt: string;
  options: JsonObject;
  simulate: JsonObject;
}

interface ConnectionRow {
  profile_id: string;
  platform: Platform;
  username: string;
  status: string;
  health: string;
  access_expires_at: string | null;
  connected_at: string;
  updated_at: string;
  options: string;
  simulate: string;
}

/** Frozen through and through: one converted record is shared by every lookup until a write. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function fromRow(row: ConnectionRow): ConnectionRecord {
  return {
    profileId: row.profile_id,
    platform: row.platform,
    username: row.username,
    status: row.status,
    health: row.health,
    accessExpiresAt: row.access_expires_at,
    connectedAt: row.connected_at,
    updatedAt: row.updated_at,
    options: JSON.parse(row.options) as JsonObject,
    simulate: JSON.parse(row.simulate) as JsonObject,
  };
}

export class ConnectionsRepository {
  /**
   * GET /accounts lists them on every read and every POST /posts check reads one; `put` and
   * `delete` are the only writes. Kept converted (their JSON parsed once), frozen, and shared.
   */
  readonly #byProfile: LruCache<readonly ConnectionRecord[]>;

  readonly #version: InvalidationVersion;

  constructor(private readonly db: Database) {
    this.#version = new InvalidationVersion(db);
    this.#byProfile = new LruCache(db, LRU_CACHE_CAPACITY, WORKING_SET);
  }

  /** A deleted account's profiles: their connections went with the rows (the cascade). */
  invalidateProfiles(profileIds: readonly string[]): void {
    for (const id of profileIds) this.#byProfile.invalidate(id);
    this.#version.invalidate();
  }

  get keptCount(): number {
    return this.#byProfile.size;
  }

  /** Moves on every write, so an answer built from these rows knows when it went stale. */
  get version(): number {
    return this.#version.current;
  }

  /** The version an entry read now carries; never one inside a transaction (caches/caller-facts-cache.ts). */
  get versionToKeep(): number {
    return this.#version.toKeep;
  }

  /** Connects or replaces (admin PUT). */
  put(connection: ConnectionRecord): void {
    this.#byProfile.invalidate(connection.profileId);
    this.#version.invalidate();
    this.db
      .prepare(
        `INSERT OR REPLACE INTO network_connections
         (profile_id, platform, username, status, health, access_expires_at, connected_at, updated_at, options, simulate)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        connection.profileId,
        connection.platform,
        connection.username,
        connection.status,
        connection.health,
        connection.accessExpiresAt,
        connection.connectedAt,
        connection.updatedAt,
        JSON.stringify(connection.options),
        JSON.stringify(connection.simulate),
      );
  }

  get(profileId: string, platform: Platform): ConnectionRecord | null {
    for (const record of this.#records(profileId)) if (record.platform === platform) return record;
    return null;
  }

  /** Sorted by network name, as the profile record lists them. */
  listForProfile(profileId: string): ConnectionRecord[] {
    return [...this.#records(profileId)];
  }

  /** The profile's connections as kept: frozen and shared, never to be changed by the caller. */
  keptForProfile(profileId: string): readonly ConnectionRecord[] {
    return this.#records(profileId);
  }

  #records(profileId: string): readonly ConnectionRecord[] {
    return (
      this.#byProfile.read(profileId, () =>
        deepFreeze(
          (
            this.db
              .prepare('SELECT * FROM network_connections WHERE profile_id = ? ORDER BY platform')
              .all(profileId) as ConnectionRow[]
          ).map(fromRow),
        ),
      ) ?? []
    );
  }

  delete(profileId: string, platform: Platform): boolean {
    this.#byProfile.invalidate(profileId);
    this.#version.invalidate();
    return (
      this.db
        .prepare('DELETE FROM network_connections WHERE profile_id = ? AND platform = ?')
        .run(profileId, platform).changes > 0
    );
  }
}
