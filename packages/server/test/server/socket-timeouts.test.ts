import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SOCKET_TIMEOUTS, type SocketTimeouts } from '../../src/http/socket-timeouts.js';
import { type RunningServer, startServer } from '../../src/start-server.js';

let running: RunningServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await running?.close();
  running = undefined;
});

/** Short enough for a test; the real values are checked below. */
const SHORT: SocketTimeouts = { headersMs: 600, keepAliveMs: 400, checkEveryMs: 50 };

async function start(socketTimeouts?: SocketTimeouts): Promise<RunningServer> {
  running = await startServer(
    {
      memory: true,
      port: 0,
      host: '127.0.0.1',
      clock: 'virtual',
      seedDemo: false,
      ...(socketTimeouts ? { socketTimeouts } : {}),
    },
    () => undefined,
  );
  return running;
}

interface Watched {
  socket: Socket;
  received: () => string;
  /** Resolves with the milliseconds from connecting until the server closed the socket. */
  closed: Promise<number>;
}

function open(port: number): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
    });
    const closed = new Promise<number>((done) =>
      socket.once('close', () => done(performance.now() - started)),
    );
    socket.once('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

describe('sockets that send their headers too slowly, or sit idle, are closed', () => {
  it('closes slowloris sockets that never finish their headers, answering 408', async () => {
    const server = await start(SHORT);
    const loris = await Promise.all(Array.from({ length: 30 }, () => open(server.port)));
    const timers: NodeJS.Timeout[] = [];
    for (const one of loris) {
      one.socket.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`);
      // A header line now and then, each less often than the deadline.
      timers.push(setInterval(() => one.socket.writable && one.socket.write('X-Slow: 1\r\n'), 1000));
    }
    try {
      const lifetimes = await Promise.all(loris.map((one) => one.closed));
      for (const ms of lifetimes) {
        expect(ms).toBeGreaterThanOrEqual(SHORT.headersMs - 50);
        expect(ms).toBeLessThan(SHORT.headersMs + 900);
      }
      expect(loris.every((one) => one.received().startsWith('HTTP/1.1 408'))).toBe(true);
    } finally {
      for (const timer of timers) clearInterval(timer);
    }
    // The server still answers.
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  }, 60_000);

  it('closes a socket that sends nothing at all', async () => {
    const server = await start(SHORT);
    const silent = await open(server.port);
    expect(await silent.closed).toBeGreaterThanOrEqual(SHORT.headersMs - 50);
  }, 60_000);

  it('closes an idle keep-alive socket after its answer', async () => {
    const server = await start(SHORT);
    const idle = await open(server.port);
    idle.socket.write(
      `GET /health HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: keep-alive\r\n\r\n`,
    );
    const lifetime = await idle.closed;
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(lifetime).toBeGreaterThanOrEqual(SHORT.keepAliveMs - 50);
  }, 60_000);

  it('never cuts a body that takes longer than the headers may (slow uploads keep going)', async () => {
    const server = await start(SHORT);
    const slow = await open(server.port);
    const body = JSON.stringify({ redirect_uris: ['http://127.0.0.1:9999/callback'] });
    slow.socket.write(
      `POST /oauth/register HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    // The body in three parts over twice the headers' time.
    for (const part of [body.slice(0, 10), body.slice(10, 20), body.slice(20)]) {
      await new Promise((resolve) => setTimeout(resolve, SHORT.headersMs * 0.7));
      slow.socket.write(part);
    }
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 201/);
  }, 60_000);

  it('uses 10 seconds for headers and 5 seconds for idle keep-alive by default', async () => {
    expect(SOCKET_TIMEOUTS.headersMs).toBe(10_000);
    expect(SOCKET_TIMEOUTS.keepAliveMs).toBe(5_000);
    // Node checks headers at this interval: a socket is closed at most this much past its 10 s.
    expect(SOCKET_TIMEOUTS.checkEveryMs).toBeLessThanOrEqual(1_000);
    const server = await start();
    for (const listener of server.listeners) {
      expect(listener.headersTimeout).toBe(10_000);
      expect(listener.keepAliveTimeout).toBe(5_000);
      // Uploads send bodies for as long as they need.
      expect(listener.requestTimeout).toBe(0);
    }
  });
});
