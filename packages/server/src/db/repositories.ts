import { ApiKeyCallerCache } from '../caches/api-key-caller-cache.js';
import type { CallerFactsCache } from '../caches/caller-facts-cache.js';
import { type PerAccountCache, PerAccountCaches } from '../caches/per-account-caches.js';
import { type AccountRecord, AccountsRepository } from './accounts-repo.js';
import { ApiKeyLastUsedRepository } from './api-key-last-used-repo.js';
import { type ApiKeyRecord, ApiKeysRepository } from './api-keys-repo.js';
import { ClocksRepository } from './clocks-repo.js';
import { ComposerGroupsRepository } from './composer-groups-repo.js';
import { type ConnectionRecord, ConnectionsRepository } from './connections-repo.js';
import { ConnectorRequestsRepository } from './connector-requests-repo.js';
import { ReadCountersRepository } from './counters-repo.js';
import { DashboardSessionsRepository } from './dashboard-sessions-repo.js';
import type { Database } from './database.js';
import { DeliveriesRepository } from './deliveries-repo.js';
import { FaultsRepository } from './faults-repo.js';
import { IdempotencyRepository } from './idempotency-repo.js';
import { MediaFilesRepository } from './media-files-repo.js';
import { MediaImportsRepository } from './media-imports-repo.js';
import { OAuthClientsRepository } from './oauth-clients-repo.js';
import { OAuthCodesRepository } from './oauth-codes-repo.js';
import { OAuthGrantsRepository } from './oauth-grants-repo.js';
import { OAuthTokensRepository } from './oauth-tokens-repo.js';
import { OptionsCacheRepository } from './options-cache-repo.js';
import { OutboxRepository } from './outbox-repo.js';
import { PostRecordsRepository } from './post-records-repo.js';
import { type ProfileRecord, ProfilesRepository } from './profiles-repo.js';
import { RequestLogRepository } from './request-log-repo.js';
import { ScheduledPostsRepository } from './scheduled-posts-repo.js';
import { SettingsRepository } from './settings-repo.js';
import { UploadLinksRepository } from './upload-links-repo.js';
import { WriteBehind } from './write-behind.js';

/** The records an API key's caller is cached with (caches/api-key-caller-cache.ts). */
export interface CallerRecordTypes {
  key: ApiKeyRecord;
  account: AccountRecord;
  profile: ProfileRecord;
  connection: ConnectionRecord;
}

/** What a key's requests read besides its key and account, cached on its caller entry. */
export type CallerFacts = CallerFactsCache<ProfileRecord, ConnectionRecord>;

/** Every repository of the foundation over one database; later areas add their own beside it. */
export interface Repositories {
  accounts: AccountsRepository;
  apiKeys: ApiKeysRepository;
  /** Each key digest in use with its caller (key and account), one lookup per request. */
  apiKeyCallers: ApiKeyCallerCache<CallerRecordTypes>;
  profiles: ProfilesRepository;
  connections: ConnectionsRepository;
  readCounters: ReadCountersRepository;
  optionsCache: OptionsCacheRepository;
  outbox: OutboxRepository;
  requestLog: RequestLogRepository;
  faults: FaultsRepository;
  settings: SettingsRepository;
  mediaFiles: MediaFilesRepository;
  mediaImports: MediaImportsRepository;
  postRecords: PostRecordsRepository;
  /** The network inbox; its rows are written with their post records. */
  deliveries: DeliveriesRepository;
  scheduledPosts: ScheduledPostsRepository;
  idempotency: IdempotencyRepository;
  /** Signed-in AI apps' idempotency entries, by grant (an API key's are its REST entries). */
  connectorIdempotency: IdempotencyRepository;
  uploadLinks: UploadLinksRepository;
  dashboardSessions: DashboardSessionsRepository;
  apiKeyLastUsed: ApiKeyLastUsedRepository;
  oauthClients: OAuthClientsRepository;
  oauthGrants: OAuthGrantsRepository;
  oauthCodes: OAuthCodesRepository;
  oauthTokens: OAuthTokensRepository;
  clocks: ClocksRepository;
  /** What AI apps asked for behind each post they made (connector retry and Disconnect). */
  connectorRequests: ConnectorRequestsRepository;
  /** Which posts one dashboard composer post became (one row on Scheduled and History). */
  composerGroups: ComposerGroupsRepository;
  /** The one schedule of the read counts, request log and keys' last use (written behind the answers). */
  writeBehind: WriteBehind;
  /** Everything kept in memory per account: a deletion invalidates it through here (caches/per-account-caches.ts). */
  caches: PerAccountCaches;
}

export function createRepositories(db: Database): Repositories {
  const writeBehind = new WriteBehind(db);
  const deliveries = new DeliveriesRepository(db);
  const accounts = new AccountsRepository(db);
  const apiKeys = new ApiKeysRepository(db);
  const repos: Repositories = {
    writeBehind,
    accounts,
    apiKeys,
    apiKeyCallers: new ApiKeyCallerCache(db, apiKeys, accounts),
    profiles: new ProfilesRepository(db),
    connections: new ConnectionsRepository(db),
    readCounters: new ReadCountersRepository(db, writeBehind),
    optionsCache: new OptionsCacheRepository(db),
    outbox: new OutboxRepository(db),
    requestLog: new RequestLogRepository(db, writeBehind),
    faults: new FaultsRepository(db),
    settings: new SettingsRepository(db),
    mediaFiles: new MediaFilesRepository(db),
    mediaImports: new MediaImportsRepository(db),
    postRecords: new PostRecordsRepository(db),
    deliveries,
    scheduledPosts: new ScheduledPostsRepository(db),
    idempotency: new IdempotencyRepository(db),
    connectorIdempotency: new IdempotencyRepository(db, 'connector_idempotency_entries'),
    uploadLinks: new UploadLinksRepository(db),
    dashboardSessions: new DashboardSessionsRepository(db),
    apiKeyLastUsed: new ApiKeyLastUsedRepository(db, writeBehind),
    oauthClients: new OAuthClientsRepository(db),
    oauthGrants: new OAuthGrantsRepository(db),
    oauthCodes: new OAuthCodesRepository(db),
    oauthTokens: new OAuthTokensRepository(db),
    clocks: new ClocksRepository(db),
    connectorRequests: new ConnectorRequestsRepository(db),
    composerGroups: new ComposerGroupsRepository(db),
    caches: new PerAccountCaches(),
  };
  repos.caches.add(keptByRepositories(repos));
  return repos;
}

/** The repositories' row caches and in-memory counts, forgotten together for a deleted account. */
function keptByRepositories(repos: Repositories): PerAccountCache {
  return {
    invalidateAccount(account) {
      repos.accounts.delete(account.accountId);
      repos.apiKeys.invalidateKeys(account.keyHashes);
      repos.apiKeyCallers.invalidateKeys(account.keyHashes);
      repos.apiKeyLastUsed.invalidateKeys(account.keyIds);
      repos.profiles.invalidateAccount(account.accountId, account.profileIds);
      repos.connections.invalidateProfiles(account.profileIds);
      repos.oauthTokens.invalidateTokens(account.tokenHashes);
      repos.oauthGrants.invalidateGrants(account.grantIds);
      repos.postRecords.invalidateAccount(account.accountId, account.profileIds);
      repos.readCounters.invalidateAccount(account.accountId);
      repos.requestLog.invalidateAccount(account.accountId);
    },
    cacheSizes() {
      const profiles = repos.profiles.keptCounts;
      const answers = repos.postRecords.keptAnswers;
      return {
        'accounts.byId': repos.accounts.keptCount,
        'apiKeys.byHash': repos.apiKeys.keptCount,
        apiKeyCallers: repos.apiKeyCallers.keptCount,
        apiKeyLastUsed: repos.apiKeyLastUsed.keptCount,
        'profiles.byAccount': profiles.byAccount,
        'profiles.byId': profiles.byId,
        'connections.byProfile': repos.connections.keptCount,
        'oauthTokens.byHash': repos.oauthTokens.keptCount,
        'oauthGrants.byId': repos.oauthGrants.keptCount,
        'postCounts.accounts': answers.accounts,
        'postCounts.profiles': answers.profiles,
        'postCounts.answers': answers.answers,
        'postRecords.recentNetworkPosts': repos.postRecords.keptRecentPosts,
        readCounters: repos.readCounters.keptCount,
        requestLog: repos.requestLog.keptCount,
      };
    },
  };
}
