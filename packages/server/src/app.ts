import { join } from 'node:path';
import type { Hono } from 'hono';
import { registerAddresses } from './app-addresses.js';
import type { Clock, ClockMode } from './clocks/virtual-clock.js';
import type { LogMode, SignupMode } from './config-team.js';
import { createServices } from './create-services.js';
import { openDatabase } from './db/database.js';
import { networkMemory } from './db/network-memory.js';
import { createRepositories } from './db/repositories.js';
import { accountUsage } from './domain/account-usage.js';
import { serverClock } from './domain/clocks/server-clock.js';
import { idempotencyExpirySource } from './domain/idempotency/idempotency-expiry.js';
import type { MediaServiceSettings } from './domain/media/media-service.js';
import type { NetworkDrivers } from './domain/posting-options.js';
import { randomToken, sha256Hex } from './domain/secrets.js';
import { DueWorkRunner } from './due-work.js';
import { MediaFolder, type MediaFs } from './files/media-folder.js';
import type { TrustProxy } from './http/client-address.js';
import type { AppEnv } from './http/context.js';
import { Pipeline } from './http/pipeline.js';
import { pipelineSteps } from './http/pipeline-steps.js';
import type { AccessTokenVerifier } from './mcp/access-tokens.js';
import { cryptoRandom } from './networks/crypto-random.js';
import { createSimulatedDrivers, systemSleep } from './networks/index.js';
import type { ClientMetadataFetcher } from './oauth/client-metadata-document.js';
import { unusedClientsSweep } from './oauth/unused-clients.js';
import type { LogDestination } from './observability/json-log.js';
import { startPostsArea } from './scheduler/index.js';
import { type DemoSeed, seedDemoAccount } from './seed/demo-account.js';
import type { Services } from './services.js';

export interface CreateAppOptions {
  /** Database and media folder live here (`socialpub.db`, `media/`). Ignored with `memory`. */
  dataDir?: string;
  /** In-memory database and a temporary media folder (tests). Default when no dataDir is given. */
  memory?: boolean;
  clock?: ClockMode | Clock;
  clockStart?: Date;
  adminToken?: string;
  publicUrl?: string;
  storageUrl?: string;
  /** SOCIALPUB_TRUST_PROXY: which peers' forwarding headers name the client (http/client-address.ts). */
  trustProxy?: TrustProxy;
  /** SOCIALPUB_SIGNUP: `closed` turns the dashboard's self sign-up off (default `open`). */
  signup?: SignupMode;
  /**
   * The admin API and /metrics answer only on a listener of their own (SOCIALPUB_ADMIN_LISTEN,
   * started by start-server.ts), which tells the app its port.
   */
  adminListenerSeparate?: boolean;
  /** SOCIALPUB_LOG=json: one JSON line per request and per scheduler send (observability/json-log.ts). */
  log?: LogMode;
  /** Where those lines go (tests); stdout by default. */
  logDestination?: LogDestination;
  importAllow?: readonly string[];
  /** Seed the demo account when the database is empty (default false; the binary passes true). */
  seedDemo?: boolean;
  /**
   * On a first start (no accounts) with no admin token configured, make one and show it once, as
   * the demo start does: a server started without the demo account needs it to create accounts.
   */
  generateAdminToken?: boolean;
  /** Replace simulated network drivers (a real driver, or a test double). */
  drivers?: Partial<NetworkDrivers>;
  /** The media folder's file-system layer (tests inject disk faults); node:fs by default. */
  mediaFs?: MediaFs;
  /** URL import timing and share-link origins (tests shorten the waits). */
  media?: MediaServiceSettings;
  /** How Client ID Metadata Documents are fetched (tests inject one; default: the public-address guard). */
  clientMetadataFetcher?: ClientMetadataFetcher;
  /** Verifies connector access tokens on `/mcp` (tests may inject one; default: oauth/'s real verifier). */
  accessTokens?: AccessTokenVerifier;
  /**
   * Keep what each simulated network accepted (the network inbox); default true. The benchmark turns
   * it off to measure what keeping costs a publish.
   */
  keepDeliveries?: boolean;
  /** Browser origins allowed on `/mcp` beside the server's own and loopback pages. */
  mcpAllowedOrigins?: readonly string[];
  /**
   * scrypt's log2 N for dashboard passwords (10 to 16, default 14): test suites that sign up many
   * accounts lower it. Hashes keep the factor they were made with.
   */
  passwordWorkFactor?: number;
}

export interface SocialpubApp {
  app: Hono<AppEnv>;
  fetch: Hono<AppEnv>['fetch'];
  services: Services;
  /** Set on the start that seeded the demo account (its key is shown only then). */
  demo: DemoSeed | null;
  /** A token generated on the demo start when none was configured; shown only then. */
  generatedAdminToken: string | null;
  adminEnabled: boolean;
  /** Empties SQLite's page cache into the allocator, for the next busy spell (the idle server's memory release). */
  releaseCaches(): void;
  close(): Promise<void>;
}

const ADMIN_TOKEN_SETTING = 'admin_token_sha256';
const DEFAULT_BASE_URL = 'http://127.0.0.1:8787';

export async function createApp(options: CreateAppOptions = {}): Promise<SocialpubApp> {
  const memory = options.memory ?? options.dataDir === undefined;
  const db = openDatabase(memory ? { memory: true } : { file: join(options.dataDir ?? '.', 'socialpub.db') });
  const mediaFolder = memory
    ? MediaFolder.temporary(options.mediaFs)
    : MediaFolder.at(join(options.dataDir ?? '.', 'media'), options.mediaFs);
  const repos = createRepositories(db);
  const clock =
    typeof options.clock === 'object'
      ? options.clock
      : serverClock(repos.settings, options.clock ?? 'system', options.clockStart);
  const dueWork = new DueWorkRunner(clock);
  dueWork.onError = (error, source) => console.error(`[socialpub] due work (${source}) failed:`, error);
  const drivers: NetworkDrivers = {
    ...createSimulatedDrivers({
      // With the virtual clock nothing waits for real; latency only matters against a real clock.
      sleep: clock.mode === 'virtual' ? () => Promise.resolve() : systemSleep,
      random: cryptoRandom,
      memory: networkMemory(repos.postRecords),
    }),
    ...options.drivers,
  };
  const services = createServices({
    db,
    repos,
    clock,
    dueWork,
    drivers,
    mediaFolder,
    baseUrl: options.publicUrl ?? DEFAULT_BASE_URL,
    publicUrl: options.publicUrl,
    storageUrl: options.storageUrl,
    trustProxy: options.trustProxy,
    signup: options.signup ?? 'open',
    adminListenerSeparate: options.adminListenerSeparate ?? false,
    // pino is loaded only when the JSON log is asked for.
    jsonLog:
      options.log === 'json'
        ? new (await import('./observability/json-log.js')).JsonLog(options.logDestination)
        : null,
    importAllow: options.importAllow ?? [],
    keepDeliveries: options.keepDeliveries ?? true,
    media: options.media ?? {},
    clientMetadataFetcher: options.clientMetadataFetcher,
    accessTokens: options.accessTokens,
    passwordWorkFactor: options.passwordWorkFactor,
  });
  const { accountDeletion, uploadLinks } = services;
  // Ties between due items run in the order their sources were added.
  dueWork.addSource(idempotencyExpirySource(repos.idempotency));
  dueWork.addSource(uploadLinks);
  // Registered first so it runs last: the request log and read counts are written behind the answers.
  services.onClose.push(() => repos.writeBehind.flush());
  services.onClose.push(() => services.media.close());
  services.onClose.push(() => services.events.log?.close());
  services.onClose.push(() => uploadLinks.drain());

  const demo = options.seedDemo ? await seedDemoAccount(db, repos, clock, services.passwords) : null;
  let generatedAdminToken: string | null = null;
  let adminTokenHash = options.adminToken
    ? sha256Hex(options.adminToken)
    : repos.settings.get(ADMIN_TOKEN_SETTING);
  const firstStart = demo !== null || (options.generateAdminToken === true && repos.accounts.count() === 0);
  if (!adminTokenHash && firstStart) {
    // reference-server.md: the demo start sets an admin token and prints it; later starts keep it.
    generatedAdminToken = `sp_admin_${randomToken(24)}`;
    adminTokenHash = sha256Hex(generatedAdminToken);
    repos.settings.set(ADMIN_TOKEN_SETTING, adminTokenHash);
  }

  // Every request passes the same steps (http/pipeline-steps.ts), compiled into each route with
  // what its area needs (app-addresses.ts, http/pipeline.ts).
  const pipeline = new Pipeline(pipelineSteps(services));
  registerAddresses(pipeline, services, {
    adminTokenHash,
    mcpAllowedOrigins: options.mcpAllowedOrigins ?? [],
  });
  services.dueWork.addSource(unusedClientsSweep(services));
  const app = pipeline.build();

  // A deletion a crash interrupted is finished before any due work of that account could run.
  await accountDeletion.recover();
  startPostsArea(services);
  services.usageContributors.push(accountUsage(services));
  // Publishes waiting for their turn's commit are written first on close, before the database shuts.
  services.onClose.push(() => repos.postRecords.flushPending());
  dueWork.start();
  let closed = false;
  return {
    app,
    fetch: app.fetch,
    services,
    demo,
    generatedAdminToken,
    adminEnabled: adminTokenHash !== null,
    releaseCaches() {
      if (!closed) db.pragma('shrink_memory');
    },
    async close() {
      if (closed) return;
      closed = true;
      await dueWork.stop();
      await services.clocks.stop();
      for (const hook of [...services.onClose].reverse()) await hook();
      db.close();
      mediaFolder.close();
    },
  };
}
