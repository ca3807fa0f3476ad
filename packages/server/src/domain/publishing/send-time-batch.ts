import type { Platform } from '@socialpub/core';
import type { AccountRecord } from '../../db/accounts-repo.js';
import type { ConnectionRecord } from '../../db/connections-repo.js';
import type { ProfileRecord } from '../../db/profiles-repo.js';
import type { Repositories } from '../../db/repositories.js';

/**
 * What the sends of one scheduler batch look up once instead of once a post: the account and
 * profile rows, and a profile's connection to a network already parsed. A batch is one transaction
 * whose sends run one after another with nothing else between them, and no send writes an account
 * or a profile. A send writes a connection only when its queue of simulated behaviours moves, and
 * every connection write moves the repository's version: the kept connections are dropped then.
 * The checks themselves still run for every post, in the same order, with the same refusals.
 * One object serves batch after batch, emptied by `reset` as each begins: with an object per batch,
 * V8 throws the send path's optimized code away whenever an older batch's object is collected, and
 * compiles it again in the middle of a busy minute.
 */
export class SendTimeBatch {
  readonly #accounts = new Map<string, Readonly<AccountRecord> | null>();
  readonly #profiles = new Map<string, ProfileRecord | null>();
  /** By profile, then network: no key string to build per send. */
  readonly #connections = new Map<string, Map<Platform, ConnectionRecord | null>>();
  #connectionsVersion: number;

  constructor(private readonly repos: Repositories) {
    this.#connectionsVersion = repos.connections.version;
  }

  /** Forgets every lookup: what the sends of the next batch read is read again. */
  reset(): this {
    this.#accounts.clear();
    this.#profiles.clear();
    this.#connections.clear();
    this.#connectionsVersion = this.repos.connections.version;
    return this;
  }

  account(id: string): Readonly<AccountRecord> | null {
    let account = this.#accounts.get(id);
    if (account === undefined) {
      account = this.repos.accounts.get(id);
      this.#accounts.set(id, account);
    }
    return account;
  }

  profile(id: string): ProfileRecord | null {
    let profile = this.#profiles.get(id);
    if (profile === undefined) {
      profile = this.repos.profiles.get(id);
      this.#profiles.set(id, profile);
    }
    return profile;
  }

  /** `ConnectionsRepository.get`, the same record for every send of the batch while none is written. */
  connection(profileId: string, platform: Platform): ConnectionRecord | null {
    const { connections } = this.repos;
    if (connections.version !== this.#connectionsVersion) {
      this.#connections.clear();
      this.#connectionsVersion = connections.version;
    }
    let byNetwork = this.#connections.get(profileId);
    if (byNetwork === undefined) {
      byNetwork = new Map();
      this.#connections.set(profileId, byNetwork);
    }
    let connection = byNetwork.get(platform);
    if (connection === undefined) {
      connection = connections.get(profileId, platform);
      byNetwork.set(platform, connection);
    }
    return connection;
  }
}
