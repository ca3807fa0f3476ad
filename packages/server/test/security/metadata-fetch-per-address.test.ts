import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAUTH_REGISTRATION_LIMITS } from '@socialpub/core';
import { afterEach, describe, expect, it } from 'vitest';
import { guardedClientMetadataFetcher } from '../../src/oauth/client-metadata-document.js';
import { type RunningServer, startServer } from '../../src/start-server.js';
import { TEST_PASSWORD_WORK_FACTOR } from '../helpers/test-app.js';
import { pkcePair, REDIRECT_URI } from '../oauth/oauth-helpers.js';

const LIMIT = OAUTH_REGISTRATION_LIMITS.perAddressPerWindow;
const SLOTS = 20;

/**
 * Documents on 127.0.0.1 under `/slow/` are held until the test answers them; under `/fast/` each
 * names itself at once. Client ids are https addresses on `apps.example`, mapped to this server.
 */
async function documentServer() {
  const held: http.ServerResponse[] = [];
  const asked: string[] = [];
  const server = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    if (request.url?.startsWith('/slow/')) {
      held.push(response);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ client_id: `https://apps.example${request.url}`, redirect_uris: [REDIRECT_URI] }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    held,
    asked,
    close: () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.reverse()) await stop();
  stops = [];
});

/** A server behind a trusted loopback proxy, so each request names its client in X-Forwarded-For. */
async function serverFetchingFrom(documentsPort: number, deadlineMs: number): Promise<RunningServer> {
  const real = guardedClientMetadataFetcher(['127.0.0.1'], { deadlineMs, maxInFlight: SLOTS });
  const running = await startServer(
    {
      memory: true,
      port: 0,
      host: '127.0.0.1',
      clock: 'virtual',
      seedDemo: false,
      passwordWorkFactor: TEST_PASSWORD_WORK_FACTOR,
      trustProxy: { addresses: ['loopback'] },
      clientMetadataFetcher: (url) => real(new URL(`http://127.0.0.1:${documentsPort}${url.pathname}`)),
    },
    () => undefined,
  );
  stops.push(() => running.close());
  return running;
}

function authorizeAs(running: RunningServer, client: string, documentPath: string): Promise<Response> {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: `https://apps.example${documentPath}`,
    redirect_uri: REDIRECT_URI,
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    resource: `${running.url}/mcp`,
  });
  return fetch(`${running.url}/oauth/authorize?${params}`, {
    redirect: 'manual',
    headers: { 'x-forwarded-for': client },
  });
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('Client ID Metadata Document fetches are bounded per source address', () => {
  it(`keeps ${SLOTS} slow documents from one address from holding every fetch slot`, async () => {
    const documents = await documentServer();
    stops.push(documents.close);
    const running = await serverFetchingFrom(documents.port, 60_000);
    let answered = 0;
    const slow = Array.from({ length: SLOTS }, (_, i) =>
      authorizeAs(running, '203.0.113.9', `/slow/${i}.json`).then(
        (answer) => {
          answered++;
          return answer;
        },
        () => null,
      ),
    );
    // Every one of them is either being fetched or already refused.
    await until(() => documents.held.length + answered === SLOTS);
    const other = await authorizeAs(running, '198.51.100.4', '/fast/other-app.json');
    expect(other.status).toBe(302);
    expect(new URL(other.headers.get('location') ?? '', running.url).pathname).toBe('/dashboard/consent');
    // The first address's extra documents were refused at once, never asked for.
    expect(documents.held.length).toBeLessThan(SLOTS / 2);
    const refused = await Promise.all(slow.slice(documents.held.length));
    for (const answer of refused) {
      expect(answer?.status).toBe(429);
      expect(await answer?.text()).toContain('fetched at once from this address');
    }
    for (const response of documents.held) response.destroy();
    await Promise.all(slow);
  }, 60_000);

  it('counts a document that timed out against its address, as a new client would', async () => {
    const documents = await documentServer();
    stops.push(documents.close);
    const running = await serverFetchingFrom(documents.port, 200);
    for (let i = 0; i < LIMIT; i++) {
      const answer = await authorizeAs(running, '203.0.113.10', `/slow/late-${i}.json`);
      expect(await answer.text()).toContain('did not answer in time');
    }
    const asked = documents.asked.length;
    const next = await authorizeAs(running, '203.0.113.10', '/fast/now-on-time.json');
    expect(next.status).toBe(429);
    expect(await next.text()).toContain('Too many new apps from this address');
    expect(documents.asked).toHaveLength(asked);
    // Another address is not touched.
    expect((await authorizeAs(running, '198.51.100.5', '/fast/elsewhere.json')).status).toBe(302);
  }, 60_000);
});
