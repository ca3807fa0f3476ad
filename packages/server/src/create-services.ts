import type { Clock } from './clocks/virtual-clock.js';
import type { SignupMode } from './config-team.js';
import type { Database } from './db/database.js';
import type { Repositories } from './db/repositories.js';
import { AccountDeletion } from './domain/account-deletion.js';
import { AccountClocks } from './domain/clocks/account-clocks.js';
import { MediaService, type MediaServiceSettings } from './domain/media/media-service.js';
import { PasswordHasher } from './domain/passwords.js';
import { type NetworkDrivers, PostingOptionsService } from './domain/posting-options.js';
import { PublishingService } from './domain/publishing/publishing-service.js';
import { PublishingStore } from './domain/publishing/publishing-store.js';
import { ReadLimiter } from './domain/read-limits.js';
import { UploadLinksService } from './domain/uploads/upload-links-service.js';
import { UploadStorage } from './domain/uploads/upload-storage.js';
import type { DueWorkRunner } from './due-work.js';
import type { MediaFolder } from './files/media-folder.js';
import { AdminListener } from './http/admin-listener.js';
import { ClientAddresses, type TrustProxy } from './http/client-address.js';
import { OwnNames } from './http/own-names.js';
import type { AccessTokenVerifier } from './mcp/access-tokens.js';
import { systemSleep } from './networks/index.js';
import { OAuthAccessTokenVerifier } from './oauth/access-token-verifier.js';
import {
  type ClientMetadataFetcher,
  guardedClientMetadataFetcher,
} from './oauth/client-metadata-document.js';
import { OAuthClients } from './oauth/clients.js';
import type { JsonLog } from './observability/json-log.js';
import { ServerEvents } from './observability/server-events.js';
import type { Services } from './services.js';

export interface ServicesOptions {
  db: Database;
  repos: Repositories;
  clock: Clock;
  dueWork: DueWorkRunner;
  drivers: NetworkDrivers;
  mediaFolder: MediaFolder;
  baseUrl: string;
  publicUrl: string | undefined;
  storageUrl: string | undefined;
  trustProxy: TrustProxy | undefined;
  signup: SignupMode;
  adminListenerSeparate: boolean;
  /** SOCIALPUB_LOG=json's lines, or none. */
  jsonLog: JsonLog | null;
  importAllow: readonly string[];
  keepDeliveries: boolean;
  media: MediaServiceSettings;
  clientMetadataFetcher: ClientMetadataFetcher | undefined;
  accessTokens: AccessTokenVerifier | undefined;
  /** scrypt's log2 N for dashboard passwords (domain/passwords.ts); the default when undefined. */
  passwordWorkFactor: number | undefined;
}

/**
 * Every service of an app, built whole here; routes, pages and `/mcp` only mount what they are given.
 * The services that need the others (deletion, publishing, OAuth) are built right after the object
 * and read through getters, so no field is ever missing once a request or start-up runs.
 */
export function createServices(options: ServicesOptions): Services {
  const { db, repos, clock, dueWork, drivers, mediaFolder, importAllow } = options;
  const clocks = new AccountClocks(repos, clock, dueWork);
  const urls = { base: options.baseUrl, storage: options.storageUrl ?? options.baseUrl };
  let accountDeletion: AccountDeletion;
  let publishing: PublishingService;
  let accessTokens: AccessTokenVerifier;
  let oauthClients: OAuthClients;
  const services: Services = {
    db,
    repos,
    clock,
    clocks,
    get accountDeletion() {
      return accountDeletion;
    },
    get publishing() {
      return publishing;
    },
    dueWork,
    drivers,
    keepDeliveries: options.keepDeliveries,
    readLimiter: new ReadLimiter(repos, clocks),
    postingOptions: new PostingOptionsService(repos, clocks, drivers),
    mediaFolder,
    urls,
    ownNames: new OwnNames(urls, options.publicUrl),
    clientAddresses: new ClientAddresses(options.trustProxy),
    signup: options.signup,
    adminListener: new AdminListener(options.adminListenerSeparate),
    events: new ServerEvents(options.jsonLog),
    importAllow,
    media: new MediaService({
      repos,
      clocks,
      dueWork,
      folder: mediaFolder,
      importAllow,
      baseUrl: () => urls.base,
      settings: options.media,
    }),
    uploadLinks: new UploadLinksService({
      repos,
      links: repos.uploadLinks,
      clocks,
      urls,
      storage: new UploadStorage(mediaFolder),
    }),
    get accessTokens() {
      return accessTokens;
    },
    get oauthClients() {
      return oauthClients;
    },
    passwords: new PasswordHasher(options.passwordWorkFactor),
    usageContributors: [],
    onClose: [],
  };
  accountDeletion = new AccountDeletion(services);
  publishing = new PublishingService({ services, store: new PublishingStore(repos), sleep: systemSleep });
  // The real verifier unless a test injected its own.
  accessTokens = options.accessTokens ?? new OAuthAccessTokenVerifier(services);
  oauthClients = new OAuthClients(
    services,
    options.clientMetadataFetcher ?? guardedClientMetadataFetcher(importAllow),
  );
  return services;
}
