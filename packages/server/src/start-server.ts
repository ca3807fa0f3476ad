import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type CreateAppOptions, createApp, type SocialpubApp } from './app.js';
import type { ServerConfig } from './config.js';
import type { ListenAddress } from './config-team.js';
import { listenerOptions, type SocketTimeouts } from './http/socket-timeouts.js';
import { FIRST_LOOPBACK, listenOnIpv6Loopback, type SecondLoopback } from './loopback-listener.js';
import { collectAllGarbage, youngGenerationShrunk } from './runtime/garbage-collector.js';
import { IdleMemoryRelease } from './runtime/idle-memory-release.js';
import { bannerLines } from './start-banner.js';

/** In-flight requests get this long to finish at shutdown before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface RunningServer {
  /** `{base_url}` as clients should use it. */
  url: string;
  port: number;
  host: string;
  socialpub: SocialpubApp;
  /** The Node listeners serving it. */
  listeners: readonly Server[];
  /** Stop accepting, let requests in flight finish (bounded), close the database. */
  close(): Promise<void>;
}

export type StartServerConfig = Partial<ServerConfig> &
  Pick<CreateAppOptions, 'seedDemo' | 'drivers' | 'clientMetadataFetcher' | 'keepDeliveries'> & {
    /** Tests shorten them; the defaults are http/socket-timeouts.ts's. */
    socketTimeouts?: SocketTimeouts;
  };

export async function startServer(
  config: StartServerConfig,
  log: (line: string) => void = (line) => console.log(line),
): Promise<RunningServer> {
  // No host given: both loopbacks (loopback-listener.ts), this one first.
  const host = config.host ?? FIRST_LOOPBACK;
  const socialpub = await createApp({
    ...(config.memory ? { memory: true } : { dataDir: config.dataDir ?? './.socialpub' }),
    clock: config.clock ?? 'system',
    ...(config.clockStart ? { clockStart: config.clockStart } : {}),
    ...(config.adminToken ? { adminToken: config.adminToken } : {}),
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
    ...(config.storageUrl ? { storageUrl: config.storageUrl } : {}),
    ...(config.trustProxy ? { trustProxy: config.trustProxy } : {}),
    ...(config.signup ? { signup: config.signup } : {}),
    adminListenerSeparate: config.adminListen !== undefined,
    ...(config.log ? { log: config.log } : {}),
    // With the demo left out, a first start still makes and prints an admin token (accounts come from it).
    generateAdminToken: config.demo === false,
    importAllow: config.importAllow ?? [],
    seedDemo: config.seedDemo ?? config.demo ?? true,
    ...(config.drivers ? { drivers: config.drivers } : {}),
    ...(config.clientMetadataFetcher ? { clientMetadataFetcher: config.clientMetadataFetcher } : {}),
    ...(config.keepDeliveries === undefined ? {} : { keepDeliveries: config.keepDeliveries }),
    ...(config.passwordWorkFactor === undefined ? {} : { passwordWorkFactor: config.passwordWorkFactor }),
  });
  const idleRelease = new IdleMemoryRelease(() => {
    collectAllGarbage();
    socialpub.releaseCaches();
    return youngGenerationShrunk();
  });
  let handler: RequestListener | undefined;
  const serverOptions = listenerOptions(config.socketTimeouts);
  const server = await new Promise<Server>((resolve, reject) => {
    const created = serve(
      {
        // Read on every request, so an embedding process (the test suites) may wrap `app.fetch`.
        fetch: (request, env) => {
          idleRelease.noteRequest();
          return socialpub.app.fetch(request, env);
        },
        hostname: host,
        port: config.port ?? 8787,
        // The listener is kept for the second loopback listener, which answers the same way.
        createServer: ((serverOptions: ServerOptions, listener: RequestListener) => {
          handler = listener;
          return createServer(serverOptions, listener);
        }) as typeof createServer,
        serverOptions,
      },
      () => resolve(created as Server),
    ) as Server;
    created.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const listenUrl = `http://${hostForUrl}:${address.port}`;
  const url = config.publicUrl ?? listenUrl;
  socialpub.services.urls.base = url;
  socialpub.services.ownNames.listening(address.address, address.port);
  if (!config.storageUrl) socialpub.services.urls.storage = url;

  const second: SecondLoopback | null =
    config.host === undefined && handler
      ? await listenOnIpv6Loopback(handler, serverOptions, address.port)
      : null;
  const admin = config.adminListen
    ? await listenForAdmin(socialpub, config.adminListen, config.socketTimeouts)
    : null;

  for (const line of bannerLines(url, socialpub, admin?.url, second)) log(line);
  idleRelease.start();

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      idleRelease.stop();
      await Promise.all([
        stopListener(server),
        second && 'server' in second ? stopListener(second.server) : undefined,
        admin ? stopListener(admin.server) : undefined,
      ]);
      await socialpub.close();
    })();
    return closing;
  };
  const listeners = [
    server,
    ...(second && 'server' in second ? [second.server] : []),
    ...(admin ? [admin.server] : []),
  ];
  return { url, port: address.port, host, socialpub, listeners, close };
}

/** Stops accepting, lets requests in flight finish within the grace, then cuts what is left. */
async function stopListener(server: Server): Promise<void> {
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  await stopped;
  clearTimeout(timer);
}

/**
 * SOCIALPUB_ADMIN_LISTEN's own listener: the same app, which answers only the admin API, /metrics,
 * /health and /ready there (http/admin-listener.ts) and nothing of those on the public one.
 */
async function listenForAdmin(
  socialpub: SocialpubApp,
  listen: ListenAddress,
  timeouts: SocketTimeouts | undefined,
): Promise<{ server: Server; url: string }> {
  const server = await new Promise<Server>((resolve, reject) => {
    const created = serve(
      {
        fetch: (request, env) => socialpub.app.fetch(request, env),
        hostname: listen.host,
        port: listen.port,
        serverOptions: listenerOptions(timeouts),
      },
      () => resolve(created as Server),
    ) as Server;
    created.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  socialpub.services.adminListener.listening(address.port);
  socialpub.services.ownNames.adminListening(address.port);
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { server, url: `http://${host}:${address.port}` };
}
