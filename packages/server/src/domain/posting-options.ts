import { apiError, LIMITS, PLATFORMS, type Platform } from '@socialpub/core';
import type { ConnectionRecord } from '../db/connections-repo.js';
import type { Repositories } from '../db/repositories.js';
import type { NetworkConnection, NetworkDriver, OptionsRowContent } from '../networks/index.js';
import { parseSimulateSettings } from '../networks/index.js';
import type { AccountClockLookup } from './clocks/account-clocks.js';
import { effectiveHealth } from './network-health.js';

export type OptionsRow = OptionsRowContent & { cached: boolean };

export interface PostingOptionsAnswer {
  profile_id: string;
  profile_name: string;
  networks: OptionsRow[];
  note: string | null;
  asked_at: string;
}

export interface PostingOptionsQuery {
  /** Named networks are always answered; absent means every connected network. */
  platforms: Platform[] | undefined;
  skoolGroupSlug: string | undefined;
}

export type NetworkDrivers = Readonly<Record<Platform, NetworkDriver>>;

/** The connection as a driver sees it: health already judged against the clock. */
function driverConnection(connection: ConnectionRecord, now: Date): NetworkConnection {
  const simulate = parseSimulateSettings(connection.simulate);
  return {
    username: connection.username,
    status: connection.status,
    health: effectiveHealth(connection, now),
    options: connection.options,
    simulate: simulate.ok ? simulate.settings : {},
  };
}

/**
 * GET /accounts/{id}/options. It is 200 even if a network fails: that is a row. Only `ok` rows
 * come from "asking the network", so only they are reused (about 1.5 minutes, `cached: true`);
 * a connection change through the admin API drops the reused rows of that network.
 */
export class PostingOptionsService {
  constructor(
    private readonly repos: Repositories,
    private readonly clocks: AccountClockLookup,
    private readonly drivers: NetworkDrivers,
  ) {}

  read(accountId: string, profileId: string, query: PostingOptionsQuery): PostingOptionsAnswer {
    const profile = this.repos.profiles.getForAccount(accountId, profileId);
    if (!profile) {
      throw apiError(
        'account_not_found',
        'No profile with this id on your account. See GET /api/v2/accounts.',
        {
          status: 404,
        },
      );
    }
    const now = this.clocks.forAccount(accountId).now();
    const connections = new Map(
      this.repos.connections.listForProfile(profile.id).map((c) => [c.platform, c]),
    );
    const platforms = query.platforms ?? PLATFORMS.filter((p) => connections.has(p));
    const networks = platforms.map((platform) =>
      this.#row(profile.id, platform, connections.get(platform) ?? null, query.skoolGroupSlug, now),
    );
    return {
      profile_id: profile.id,
      profile_name: profile.name,
      networks,
      note: networks.length === 0 ? 'No network is connected to this profile.' : null,
      asked_at: now.toISOString(),
    };
  }

  #row(
    profileId: string,
    platform: Platform,
    connection: ConnectionRecord | null,
    slug: string | undefined,
    now: Date,
  ): OptionsRow {
    const variant = platform === 'skool' ? (slug ?? '') : '';
    const reuseMs = LIMITS.reads.optionsRowReuseSeconds * 1000;
    if (connection) {
      const cached = this.repos.optionsCache.get(profileId, platform, variant);
      if (cached && now.getTime() - new Date(cached.checkedAt).getTime() < reuseMs) {
        return { ...(cached.row as unknown as OptionsRowContent), cached: true };
      }
    }
    const driver = this.drivers[platform];
    const content = driver.optionsRow(connection ? driverConnection(connection, now) : null, {
      skoolGroupSlug: slug,
      now,
    });
    if (content.status === 'ok' && content.checked_at) {
      this.repos.optionsCache.put(profileId, platform, variant, { ...content }, content.checked_at);
    }
    return { ...content, cached: false };
  }
}
