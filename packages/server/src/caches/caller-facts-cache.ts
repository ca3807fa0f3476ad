import { NO_VERSION } from './invalidation-version.js';

/**
 * Where a caller keeps the entry of its account's cached post counts, so that a request's first
 * ask need not find it in the map (`PostCountCache.recall`). Opaque outside that cache.
 */
export interface AnswersSlot {
  answers: object | undefined;
}

/**
 * What a key's requests read about its account besides the key and the account, kept on the key's
 * caller entry (api-key-caller-cache.ts): the lookup that authenticates a request also reaches these, so
 * a dry run reads its profile, the profile's connections, its limit answers and the key's "last
 * used" without a map lookup each (each was a lookup in another map, cold in a large heap between
 * one account's requests). The entry itself goes with any write to keys or accounts.
 *
 * The profile and connections carry the version of the repository they were read from (its
 * `version`, moved by every write there; `NO_VERSION` inside a transaction, which may still roll back
 * what it read) and are used only while the repository's version is still that version: a write
 * makes them unused, and the next request reads them again. The limit answers' entry stays the
 * post records' own (every insert keeps it up to date); the slot only finds it, while it is still
 * theirs (`PostCountCache.recall`).
 */
export class CallerFactsCache<Profile extends object, Connection> implements AnswersSlot {
  /** The account's creation time in ms (the limits' ceilings and allowance ask it). */
  readonly createdMs: number;
  /** The account's cached post counts (`PostCountCache.recall`). */
  answers: object | undefined = undefined;
  /** When the key's "last used" was last written, as `ApiKeyLastUsedRepository.touch` saw it. */
  lastUsedMs = Number.NEGATIVE_INFINITY;

  #profileAsked: string | undefined = undefined;
  #profile: Profile | undefined = undefined;
  #profileVersion = NO_VERSION;
  #connectionsOf: Profile | undefined = undefined;
  #connections: readonly Connection[] = [];
  #connectionsVersion = NO_VERSION;

  constructor(account: { readonly createdAt: string }) {
    this.createdMs = Date.parse(account.createdAt);
  }

  /** The profile a request last named with exactly `asked` (`post.accountId`), if still current. */
  profileNamed(asked: string, version: number): Profile | undefined {
    return asked === this.#profileAsked && version === this.#profileVersion ? this.#profile : undefined;
  }

  keepProfile(asked: string, profile: Profile, version: number): void {
    this.#profileAsked = asked;
    this.#profile = profile;
    this.#profileVersion = version;
  }

  /** The connections of `profile` (the very record kept above), if still current. */
  connectionsOf(profile: Profile, version: number): readonly Connection[] | undefined {
    return profile === this.#connectionsOf && version === this.#connectionsVersion
      ? this.#connections
      : undefined;
  }

  keepConnections(profile: Profile, connections: readonly Connection[], version: number): void {
    this.#connectionsOf = profile;
    this.#connections = connections;
    this.#connectionsVersion = version;
  }
}
