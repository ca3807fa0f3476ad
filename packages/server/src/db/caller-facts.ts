import type { AccountRecord } from './accounts-repo.js';
import type { ConnectionRecord } from './connections-repo.js';
import type { AnswersSlot } from './post-count-answers.js';
import type { ProfileRecord } from './profiles-repo.js';
import { NO_STAMP } from './write-stamp.js';

/**
 * What a key's requests read about its account besides the key and the account, kept on the key's
 * caller entry (api-key-callers.ts): the lookup that authenticates a request also reaches these, so
 * a dry run reads its profile, the profile's connections, its limit answers and the key's "last
 * used" without a map lookup each (each was a lookup in another map, cold in a large heap between
 * one account's requests). The entry itself goes with any write to keys or accounts.
 *
 * The profile and connections carry the stamp of the repository they were read from (its
 * `version`, moved by every write there; `NO_STAMP` inside a transaction, which may still roll back
 * what it read) and are used only while the repository's version is still that stamp: a write
 * makes them unused, and the next request reads them again. The limit answers' entry stays the
 * post records' own (every insert keeps it up to date); the slot only finds it, while it is still
 * theirs (`PostCountAnswers.recall`).
 */
export class CallerFacts implements AnswersSlot {
  /** The account's creation time in ms (the limits' ceilings and allowance ask it). */
  readonly createdMs: number;
  /** The account's kept limit answers (`PostCountAnswers.recall`). */
  answers: object | undefined = undefined;
  /** When the key's "last used" was last written, as `ApiKeyLastUsedRepository.touch` saw it. */
  lastUsedMs = Number.NEGATIVE_INFINITY;

  #profileAsked: string | undefined = undefined;
  #profile: ProfileRecord | undefined = undefined;
  #profileStamp = NO_STAMP;
  #connectionsOf: ProfileRecord | undefined = undefined;
  #connections: readonly ConnectionRecord[] = [];
  #connectionsStamp = NO_STAMP;

  constructor(account: Readonly<AccountRecord>) {
    this.createdMs = Date.parse(account.createdAt);
  }

  /** The profile a request last named with exactly `asked` (`post.accountId`), if still current. */
  profileNamed(asked: string, version: number): ProfileRecord | undefined {
    return asked === this.#profileAsked && version === this.#profileStamp ? this.#profile : undefined;
  }

  keepProfile(asked: string, profile: ProfileRecord, stamp: number): void {
    this.#profileAsked = asked;
    this.#profile = profile;
    this.#profileStamp = stamp;
  }

  /** The connections of `profile` (the very record kept above), if still current. */
  connectionsOf(profile: ProfileRecord, version: number): readonly ConnectionRecord[] | undefined {
    return profile === this.#connectionsOf && version === this.#connectionsStamp
      ? this.#connections
      : undefined;
  }

  keepConnections(profile: ProfileRecord, connections: readonly ConnectionRecord[], stamp: number): void {
    this.#connectionsOf = profile;
    this.#connections = connections;
    this.#connectionsStamp = stamp;
  }
}
