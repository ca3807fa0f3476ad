import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SourceFetchError } from '../../src/domain/media/safe-fetch.js';
import { guardedClientMetadataFetcher } from '../../src/oauth/client-metadata-document.js';
import { OAuthError } from '../../src/oauth/oauth-error.js';

/** A document server on 127.0.0.1 whose answers the test controls; it reports every socket's close. */
async function documentServer(handler: http.RequestListener) {
  const sockets = new Set<Socket>();
  const closed: Promise<void>[] = [];
  const server = http.createServer(handler);
  server.on('connection', (socket) => {
    sockets.add(socket);
    closed.push(new Promise((resolve) => socket.on('close', () => resolve())));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => new URL(`http://127.0.0.1:${port}${path}`),
    sockets,
    /** Resolves once every socket opened so far has closed. */
    allClosed: () => Promise.all(closed),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

describe('fetching a Client ID Metadata Document', () => {
  it('drops a document that trickles past the one deadline for headers and body, and closes its socket', async () => {
    const trickles: NodeJS.Timeout[] = [];
    const server = await documentServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      // Headers at once, then a byte every 20 ms: each byte is in time, the whole document never is.
      trickles.push(setInterval(() => response.write(' '), 20));
    });
    stop = async () => {
      for (const timer of trickles) clearInterval(timer);
      await server.close();
    };
    const fetcher = guardedClientMetadataFetcher(['127.0.0.1'], { deadlineMs: 300, maxInFlight: 5 });
    const outcome = await fetcher(server.url('/doc.json')).then(
      () => 'answered',
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(SourceFetchError);
    expect((outcome as SourceFetchError).timedOut).toBe(true);
    // The socket is closed by us, not left to the trickling server.
    await server.allClosed();
    expect([...server.sockets].every((socket) => socket.destroyed)).toBe(true);
  }, 20_000);

  it('refuses a fetch past the cap in flight at once, with temporarily_unavailable, and fetches nothing', async () => {
    let asked = 0;
    const held: http.ServerResponse[] = [];
    const server = await documentServer((_request, response) => {
      asked++;
      held.push(response);
    });
    stop = () => server.close();
    const fetcher = guardedClientMetadataFetcher(['127.0.0.1'], { deadlineMs: 30_000, maxInFlight: 2 });
    const first = fetcher(server.url('/a.json')).catch((error: unknown) => error);
    const second = fetcher(server.url('/b.json')).catch((error: unknown) => error);
    const third = await fetcher(server.url('/c.json')).catch((error: unknown) => error);
    expect(third).toBeInstanceOf(OAuthError);
    expect((third as OAuthError).code).toBe('temporarily_unavailable');
    expect((third as OAuthError).description).toContain('try again');
    // Once one in flight finishes, the next fetch goes out.
    while (held.length < 2) await new Promise((resolve) => setImmediate(resolve));
    held[0]?.end(JSON.stringify({ client_id: 'x' }));
    expect(await first).toMatchObject({ status: 200 });
    const fourth = fetcher(server.url('/d.json')).catch((error: unknown) => error);
    while (held.length < 3) await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toBe(3);
    held[1]?.end('{}');
    held[2]?.end('{}');
    await Promise.all([second, fourth]);
  }, 20_000);
});
