import { createServer, type Server, Socket } from 'node:net';

export interface CuttingProxyOptions {
  /** Port of the upstream listener on 127.0.0.1. */
  upstreamPort: number;
  /** Connections to cut, one after another. */
  cuts: number;
  /** Bytes from the client one connection may carry before it is cut (mid-piece for big PATCHes). */
  cutAfterBytes: number;
  /**
   * Resolves once the server has finished with a cut request (a server may drop the socket before
   * its handler has stored what arrived); no byte moves meanwhile. Default: the upstream close.
   */
  settle?: () => Promise<void>;
}

export interface CuttingProxy {
  origin: string;
  /** Bytes handed to the upstream server in total (request lines, headers and bodies). */
  readonly bytesToUpstream: number;
  readonly cutsMade: number;
  close(): Promise<void>;
}

/** How long a cut connection's upstream side may take to settle before the next one is let through. */
const SETTLE_MS = 2_000;

/**
 * A TCP proxy on 127.0.0.1 that breaks the first `cuts` connections after `cutAfterBytes` from the
 * client, as a flaky network would. The upstream side gets exactly the bytes counted, then an
 * orderly end, so the server keeps what arrived; the client side is destroyed without an answer.
 * New connections wait until the cut one has settled upstream, so the client's HEAD sees the final
 * offset (what a real client sees once the server noticed the break).
 */
export async function startCuttingProxy(options: CuttingProxyOptions): Promise<CuttingProxy> {
  let bytesToUpstream = 0;
  let cutsLeft = options.cuts;
  let cutsMade = 0;
  let settled: Promise<void> = Promise.resolve();
  const open = new Set<Socket>();

  const server: Server = createServer({ pauseOnConnect: true }, async (client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => undefined);
    await settled;
    const upstream = new Socket();
    open.add(upstream);
    upstream.on('close', () => open.delete(upstream));
    upstream.on('error', () => client.destroy());
    upstream.connect(options.upstreamPort, '127.0.0.1', () => client.resume());
    let carried = 0;

    const forward = (chunk: Buffer) => {
      if (cutsLeft === 0 || carried + chunk.length < options.cutAfterBytes) {
        carried += chunk.length;
        bytesToUpstream += chunk.length;
        upstream.write(chunk);
        return;
      }
      const part = chunk.subarray(0, options.cutAfterBytes - carried);
      carried += part.length;
      bytesToUpstream += part.length;
      cutsLeft--;
      cutsMade++;
      client.destroy();
      settled = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          upstream.destroy();
          resolve();
        }, SETTLE_MS);
        upstream.once('close', () => {
          clearTimeout(timer);
          const settle = options.settle ?? (() => Promise.resolve());
          settle().then(resolve, resolve);
        });
        // End right behind the last byte: the server must keep everything that arrived before
        // the break, even what its write buffer still held.
        upstream.write(part);
        upstream.end();
      });
    };
    // Every connection, idle keep-alive ones too, holds its bytes while a cut one settles.
    let queue = Promise.resolve();
    client.on('data', (chunk: Buffer) => {
      client.pause();
      queue = queue
        .then(() => settled)
        .then(() => {
          if (client.destroyed) return;
          forward(chunk);
          if (!client.destroyed) client.resume();
        });
    });
    client.on('end', () => upstream.end());
    upstream.on('data', (chunk: Buffer) => {
      if (!client.destroyed) client.write(chunk);
    });
    upstream.on('end', () => {
      if (!client.destroyed) client.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    get bytesToUpstream() {
      return bytesToUpstream;
    },
    get cutsMade() {
      return cutsMade;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
