import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http';

/**
 * A default start (no `--host`) listens on both loopbacks: 127.0.0.1 first, then [::1] on the same
 * port, so `localhost` answers whichever address a client's resolver tries first, and every name
 * the documents print (`localhost`, `127.0.0.1`, `[::1]`) reaches the server.
 */
export const FIRST_LOOPBACK = '127.0.0.1';

export type SecondLoopback = { server: Server; url: string } | { url: string; unavailable: string };

/** Why [::1] could not be listened on, in words for the start banner. */
function reasonFor(error: NodeJS.ErrnoException, port: number): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `another program listens on [::1]:${port}`;
    case 'EADDRNOTAVAIL':
    case 'EAFNOSUPPORT':
      return 'this machine has no IPv6 loopback address';
    default:
      return error.code ?? error.message;
  }
}

/**
 * Listens on [::1] at `port` with the first listener's request handler and settings. A machine
 * without an IPv6 loopback (some containers) is not a reason to stop: the answer says why instead,
 * and the start banner prints it.
 */
export function listenOnIpv6Loopback(
  handler: RequestListener,
  options: ServerOptions,
  port: number,
): Promise<SecondLoopback> {
  const url = `http://[::1]:${port}`;
  const server = createServer(options, handler);
  return new Promise((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      resolve({ url, unavailable: reasonFor(error, port) }),
    );
    server.listen({ host: '::1', port, ipv6Only: true }, () => resolve({ server, url }));
  });
}
