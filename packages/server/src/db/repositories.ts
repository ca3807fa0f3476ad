import { AccountsRepository } from './accounts-repo.js';
import { ApiKeysRepository } from './api-keys-repo.js';
import { ConnectionsRepository } from './connections-repo.js';
import { ReadCountersRepository } from './counters-repo.js';
import type { Database } from './database.js';
import { FaultsRepository } from './faults-repo.js';
import { MediaFilesRepository } from './media-files-repo.js';
import { OptionsCacheRepository } from './options-cache-repo.js';
import { OutboxRepository } from './outbox-repo.js';
import { ProfilesRepository } from './profiles-repo.js';
import { RequestLogRepository } from './request-log-repo.js';
import { SettingsRepository } from './settings-repo.js';

/** Every repository of the foundation over one database; later areas add their own beside it. */
export interface Repositories {
  accounts: AccountsRepository;
  apiKeys: ApiKeysRepository;
  profiles: ProfilesRepository;
  connections: ConnectionsRepository;
  readCounters: ReadCountersRepository;
  optionsCache: OptionsCacheRepository;
  outbox: OutboxRepository;
  requestLog: RequestLogRepository;
  faults: FaultsRepository;
  settings: SettingsRepository;
  mediaFiles: MediaFilesRepository;
}

export function createRepositories(db: Database): Repositories {
  return {
    accounts: new AccountsRepository(db),
    apiKeys: new ApiKeysRepository(db),
    profiles: new ProfilesRepository(db),
    connections: new ConnectionsRepository(db),
    readCounters: new ReadCountersRepository(db),
    optionsCache: new OptionsCacheRepository(db),
    outbox: new OutboxRepository(db),
    requestLog: new RequestLogRepository(db),
    faults: new FaultsRepository(db),
    settings: new SettingsRepository(db),
    mediaFiles: new MediaFilesRepository(db),
  };
}
