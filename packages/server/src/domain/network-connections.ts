import { apiError, type Platform } from '@socialpub/core';
import type { Clock } from '../clocks/virtual-clock.js';
import type { ConnectionRecord } from '../db/connections-repo.js';
import type { ProfileRecord } from '../db/profiles-repo.js';
import type { Repositories } from '../db/repositories.js';
import { parseSimulateSettings } from '../networks/index.js';

/** What a (simulated) sign-in to a network sets; the admin API's PUT/PATCH body and the dashboard's forms. */
export interface ConnectionInput {
  username?: string | undefined;
  status?: string | undefined;
  health?: 'ready' | 'reconnect_required' | 'unknown' | undefined;
  access_expires_at?: string | null | undefined;
  options?: Record<string, unknown> | undefined;
  simulate?: Record<string, unknown> | null | undefined;
}

/** `simulate` is validated by the network drivers' own schema, so a typo fails here, not at posting time. */
function checkedSimulate(raw: unknown): Record<string, unknown> {
  const parsed = parseSimulateSettings(raw);
  if (!parsed.ok) throw apiError('bad_request', parsed.message, { extra: { parameter: 'simulate' } });
  return parsed.settings;
}

/** Connects a network to a profile, or replaces its connection (a new sign-in). */
export function connectNetwork(
  repos: Repositories,
  clock: Clock,
  profile: ProfileRecord,
  platform: Platform,
  input: ConnectionInput,
): ConnectionRecord {
  const now = clock.now().toISOString();
  const connection: ConnectionRecord = {
    profileId: profile.id,
    platform,
    username: input.username ?? profile.handle.replace(/^@/, ''),
    status: input.status ?? 'connected',
    health: input.health ?? 'ready',
    accessExpiresAt: input.access_expires_at ?? null,
    connectedAt: now,
    updatedAt: now,
    options: input.options ?? {},
    simulate: checkedSimulate(input.simulate),
  };
  repos.connections.put(connection);
  repos.optionsCache.invalidate(profile.id, platform);
  return connection;
}

/** Changes some fields of a connection; null when the network is not connected to the profile. */
export function updateConnection(
  repos: Repositories,
  clock: Clock,
  profile: ProfileRecord,
  platform: Platform,
  input: ConnectionInput,
): ConnectionRecord | null {
  const current = repos.connections.get(profile.id, platform);
  if (!current) return null;
  const signInChanged =
    input.username !== undefined ||
    input.status !== undefined ||
    input.health !== undefined ||
    input.access_expires_at !== undefined;
  const next: ConnectionRecord = {
    ...current,
    username: input.username ?? current.username,
    status: input.status ?? current.status,
    health: input.health ?? current.health,
    accessExpiresAt:
      input.access_expires_at === undefined ? current.accessExpiresAt : input.access_expires_at,
    // Network entry: updated_at is when the sign-in last changed, not when options or simulate did.
    updatedAt: signInChanged ? clock.now().toISOString() : current.updatedAt,
    options: input.options ?? current.options,
    simulate: input.simulate === undefined ? current.simulate : checkedSimulate(input.simulate),
  };
  repos.connections.put(next);
  repos.optionsCache.invalidate(profile.id, platform);
  return next;
}

/** Disconnects a network; false when it was not connected. */
export function disconnectNetwork(repos: Repositories, profile: ProfileRecord, platform: Platform): boolean {
  if (!repos.connections.delete(profile.id, platform)) return false;
  repos.optionsCache.invalidate(profile.id, platform);
  return true;
}
