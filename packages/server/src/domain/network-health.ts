import { type NetworkEntry, networkRules } from '@socialpub/core';
import type { ConnectionRecord } from '../db/connections-repo.js';

export type NetworkHealth = NetworkEntry['health'];

/**
 * Expiry instants read from the records' text, by record: the kept connections are frozen and
 * shared until a write replaces them, so every POST /posts check of one parses nothing.
 */
const expiries = new WeakMap<ConnectionRecord, { text: string; ms: number }>();

/** The expiry in ms; the text it was read from is kept beside it, so a changed record is read anew. */
function expiresMs(connection: ConnectionRecord, text: string): number {
  const found = expiries.get(connection);
  if (found !== undefined && found.text === text) return found.ms;
  const ms = new Date(text).getTime();
  expiries.set(connection, { text, ms });
  return ms;
}

/**
 * Network entry: `ready` includes an expired sign-in that the network renews by itself on the next
 * post (x, youtube, linkedin, pinterest, tiktok: core's `renewsExpiredSignIn`). Decision: on the
 * other networks (instagram, facebook, threads, skool) an expired sign-in is shown as
 * `reconnect_required`, because nothing will renew it and a post would fail with the network's 401.
 */
export function effectiveHealth(connection: ConnectionRecord, now: Date): NetworkHealth {
  const stored = connection.health;
  if (stored !== 'ready') return stored === 'reconnect_required' ? 'reconnect_required' : 'unknown';
  if (connection.accessExpiresAt === null) return 'ready';
  const expired = expiresMs(connection, connection.accessExpiresAt) <= now.getTime();
  if (!expired) return 'ready';
  return networkRules(connection.platform).renewsExpiredSignIn ? 'ready' : 'reconnect_required';
}

export function networkEntry(connection: ConnectionRecord, now: Date): NetworkEntry {
  return {
    platform: connection.platform,
    username: connection.username,
    status: connection.status,
    health: effectiveHealth(connection, now),
    access_expires_at: connection.accessExpiresAt,
    connected_at: connection.connectedAt,
    updated_at: connection.updatedAt,
  };
}
