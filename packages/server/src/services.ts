import type { Clock } from './clocks/virtual-clock.js';
import type { SignupMode } from './config-team.js';
import type { Database } from './db/database.js';
import type { Repositories } from './db/repositories.js';
import type { AccountDeletion } from './domain/account-deletion.js';
import type { UsageContributor } from './domain/account-usage.js';
import type { AccountClocks } from './domain/clocks/account-clocks.js';
import type { MediaService } from './domain/media/media-service.js';
import type { PasswordHasher } from './domain/passwords.js';
import type { NetworkDrivers, PostingOptionsService } from './domain/posting-options.js';
import type { PublishingService } from './domain/publishing/publishing-service.js';
import type { ReadLimiter } from './domain/read-limits.js';
import type { UploadLinksService } from './domain/uploads/upload-links-service.js';
import type { DueWorkRunner } from './due-work.js';
import type { MediaFolder } from './files/media-folder.js';
import type { AdminListener } from './http/admin-listener.js';
import type { ClientAddresses } from './http/client-address.js';
import type { OwnNames } from './http/own-names.js';
import type { AccessTokenVerifier } from './mcp/access-tokens.js';
import type { OAuthClients } from './oauth/clients.js';
import type { ServerEvents } from './observability/server-events.js';
import type { ServerUrls } from './server-urls.js';

export type { UsageContributor } from './domain/account-usage.js';

/** Everything the routes and later areas need but publishing itself, which is built over them. */
export interface SharedServices {
  db: Database;
  repos: Repositories;
  /** The server's clock: only for what belongs to no account. An account's time: `clocks.forAccount(id)`. */
  clock: Clock;
  /** One clock per account (the server's or a test clock) and the due work of each clock. */
  clocks: AccountClocks;
  /** DELETE /admin/v1/accounts/{id} and the start-up pass that finishes interrupted deletions. */
  readonly accountDeletion: AccountDeletion;
  /** Due work on the server's clock (accounts on a test clock: `clocks.dueWorkFor(accountId)`). */
  dueWork: DueWorkRunner;
  drivers: NetworkDrivers;
  /** The network inbox keeps what each network accepted; off only for the benchmark's baseline. */
  keepDeliveries: boolean;
  readLimiter: ReadLimiter;
  postingOptions: PostingOptionsService;
  mediaFolder: MediaFolder;
  urls: ServerUrls;
  /** The Host names the server answers to, and the base URL of a request under each. */
  ownNames: OwnNames;
  /** SOCIALPUB_TRUST_PROXY's reading of a request's one client address (http/client-address.ts). */
  clientAddresses: ClientAddresses;
  /** What an operator watches: `/metrics` reads it, SOCIALPUB_LOG=json writes it (observability/). */
  events: ServerEvents;
  /** SOCIALPUB_ADMIN_LISTEN: whether the admin API and /metrics have a listener of their own. */
  adminListener: AdminListener;
  /** SOCIALPUB_SIGNUP: whether the dashboard's self sign-up is open. */
  signup: SignupMode;
  /** SOCIALPUB_IMPORT_ALLOW: hosts or ranges a URL import may reach although private. */
  importAllow: readonly string[];
  /** URL imports, the media library and retention (domain/media). */
  media: MediaService;
  /** Upload links and the storage endpoint (domain/uploads). */
  uploadLinks: UploadLinksService;
  /** Connector access tokens for `/mcp`: oauth/'s verifier unless a test injected one. */
  readonly accessTokens: AccessTokenVerifier;
  /** The apps known to the authorization server (registered, or by metadata document). */
  readonly oauthClients: OAuthClients;
  /** Dashboard passwords' slow hash, at the configured work factor. */
  readonly passwords: PasswordHasher;
  usageContributors: UsageContributor[];
  /** Called on close, last registered first (timers of later areas, open files). */
  onClose: Array<() => void | Promise<void>>;
}

/** Every service of an app, built whole by `createServices`. */
export interface Services extends SharedServices {
  /** Both posts addresses, the dashboard's compose page, the connector and the scheduler share it. */
  readonly publishing: PublishingService;
}
