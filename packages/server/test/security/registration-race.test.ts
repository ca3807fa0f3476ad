import { connect, type Socket } from 'node:net';
import { OAUTH_REGISTRATION_LIMITS } from '@socialpub/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type OAuthTestServer, REDIRECT_URI, startOAuthServer } from '../oauth/oauth-helpers.js';

const LIMIT = OAUTH_REGISTRATION_LIMITS.perAddressPerWindow;
const CAP = OAUTH_REGISTRATION_LIMITS.maxUnusedClients;

let server: OAuthTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function clientCount(s: OAuthTestServer): number {
  const db = s.running.socialpub.services.db;
  return (db.prepare('SELECT COUNT(*) AS n FROM oauth_clients').get() as { n: number }).n;
}

interface HeldRegistration {
  /** Sends the body; resolves with the answer's status. */
  send(): Promise<number>;
}

/**
 * A registration whose headers are sent at once and whose body waits: `Expect: 100-continue` makes
 * the server answer `100 Continue` as it hands the request to the app, so once it arrived the
 * app is running this request and waiting for its body.
 */
async function holdRegistration(port: number, body: string): Promise<HeldRegistration> {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  const arrived = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const look = () => {
        if (received.includes(text)) {
          socket.off('data', onData);
          resolve();
        }
      };
      const onData = (chunk: Buffer) => {
        received += chunk.toString('latin1');
        look();
      };
      socket.on('data', onData);
      socket.once('error', reject);
      look();
    });
  socket.write(
    'POST /oauth/register HTTP/1.1\r\n' +
      `Host: 127.0.0.1:${port}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Expect: 100-continue\r\n' +
      'Connection: close\r\n\r\n',
  );
  await arrived('100 Continue');
  return {
    async send() {
      const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
      });
      socket.write(body);
      await ended;
      const answer = received.slice(received.indexOf('\r\n\r\n') + 4);
      return Number(/HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
    },
  };
}

const registration = JSON.stringify({ redirect_uris: [REDIRECT_URI], client_name: 'Raced' });

describe('registrations raced: headers on many sockets first, then the bodies', () => {
  it(`stores at most ${LIMIT} from one address, however many were waiting for their bodies`, async () => {
    server = await startOAuthServer();
    const port = server.running.port;
    const held: HeldRegistration[] = [];
    for (let i = 0; i < 5 * LIMIT; i++) held.push(await holdRegistration(port, registration));
    const statuses = await Promise.all(held.map((one) => one.send()));
    expect(statuses.filter((status) => status === 201)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4 * LIMIT);
    expect(clientCount(server)).toBe(LIMIT);
  }, 60_000);

  it(`never stores past the server's ${CAP} clients that never connected`, async () => {
    server = await startOAuthServer();
    const { repos, clock } = server.running.socialpub.services;
    const room = LIMIT / 2;
    for (let i = 0; i < CAP - room; i++) {
      repos.oauthClients.save({
        clientId: `waiting-${i}`,
        kind: 'registered',
        clientName: null,
        clientUri: null,
        redirectUris: [REDIRECT_URI],
        tokenEndpointAuthMethod: 'none',
        createdAt: clock.now().toISOString(),
        fetchedAt: null,
      });
    }
    const held: HeldRegistration[] = [];
    for (let i = 0; i < LIMIT; i++) held.push(await holdRegistration(server.running.port, registration));
    const statuses = await Promise.all(held.map((one) => one.send()));
    expect(statuses.filter((status) => status === 201)).toHaveLength(room);
    expect(statuses.filter((status) => status === 503)).toHaveLength(LIMIT - room);
    expect(clientCount(server)).toBe(CAP);
  }, 60_000);

  it('reads the body before the throttle: a bad body is a 400 even when the hour is full', async () => {
    server = await startOAuthServer();
    const port = server.running.port;
    for (let i = 0; i < LIMIT; i++)
      expect(await (await holdRegistration(port, registration)).send()).toBe(201);
    const bad = await holdRegistration(port, JSON.stringify({ redirect_uris: ['not a uri'] }));
    expect(await bad.send()).toBe(400);
    expect(await (await holdRegistration(port, registration)).send()).toBe(429);
  }, 60_000);
});
