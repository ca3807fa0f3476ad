import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerAddresses } from '../../src/app-addresses.js';
import { sha256Hex } from '../../src/domain/secrets.js';
import { Pipeline } from '../../src/http/pipeline.js';
import { type PipelineSteps, pipelineSteps } from '../../src/http/pipeline-steps.js';
import { ADMIN_TOKEN, accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

// One pipeline (http/pipeline.ts): every address, whatever its area, passes the same steps. A step
// added to the steps once is seen by REST, the dashboard, OAuth, the admin API, MCP and tus, and by
// the answers no route gives (404, 405); and each kind gets the Host check, the log record, faults
// (pages excepted) and nosniff.

let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = await testApp();
  f = await accountWithProfile(t);
});
afterEach(() => t.close());

const FILE_ID = '00000000-0000-4000-8000-000000000000';

/** One request of each kind of address, with what it must be answered with when nothing refuses it. */
const requests = (): { kind: string; path: string; init: RequestInit; status: number }[] => [
  {
    kind: 'REST',
    path: '/api/v2/accounts',
    init: { headers: { authorization: `Bearer ${f.apiKey}` } },
    status: 200,
  },
  { kind: 'dashboard', path: '/dashboard/sign-in', init: { headers: { accept: 'text/html' } }, status: 200 },
  { kind: 'OAuth', path: '/.well-known/oauth-authorization-server', init: {}, status: 200 },
  {
    kind: 'admin',
    path: '/admin/v1/requests?limit=1',
    init: { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } },
    status: 200,
  },
  { kind: 'MCP', path: '/mcp', init: { method: 'POST', body: '{}' }, status: 401 },
  { kind: 'tus', path: `/storage/uploads/${FILE_ID}`, init: { method: 'OPTIONS' }, status: 404 },
  { kind: '404', path: '/nowhere', init: {}, status: 404 },
  {
    kind: '405',
    path: '/api/v2/accounts',
    init: { method: 'PUT', headers: { authorization: `Bearer ${f.apiKey}` } },
    status: 405,
  },
];

/** The steps with one step more: a header on every answer, and the path of every request that entered. */
function withAddedStep(steps: PipelineSteps, entered: string[]): PipelineSteps {
  return {
    enter(c, needs, route) {
      entered.push(c.req.path);
      return steps.enter(c, needs, route);
    },
    leave(c, state) {
      steps.leave(c, state);
      c.res.headers.set('x-added-step', 'yes');
    },
    failed: (state) => steps.failed(state),
  };
}

describe('the one pipeline', () => {
  it('applies a step added once to every kind of address, and to 404 and 405', async () => {
    const s = t.services;
    const entered: string[] = [];
    const pipeline = new Pipeline(withAddedStep(pipelineSteps(s), entered));
    registerAddresses(pipeline, s, { adminTokenHash: sha256Hex(ADMIN_TOKEN), mcpAllowedOrigins: [] });
    const app = pipeline.build();
    for (const { kind, path, init, status } of requests()) {
      const res = await app.request(path, init);
      expect(res.status, kind).toBe(status);
      expect(res.headers.get('x-added-step'), kind).toBe('yes');
    }
    expect(entered).toEqual(requests().map((r) => r.path.split('?')[0]));
  });

  it('refuses a foreign Host on every kind of address before anything else', async () => {
    // Once listening, only the listener's names are the server's (http/own-names.ts).
    t.services.ownNames.listening('127.0.0.1', 4010);
    // (An address no route takes is left out: the documents describe no answer there to check.)
    for (const { kind, path, init } of requests().filter((r) => r.kind !== '404' && r.kind !== '405')) {
      const res = await t.app.request(path, {
        ...init,
        headers: { ...(init.headers ?? {}), host: 'evil.example' },
      });
      expect(res.status, kind).toBe(421);
      expect(res.headers.get('x-content-type-options'), kind).toBe('nosniff');
    }
  });

  it('sends nosniff on every answer and logs every address but the admin API', async () => {
    for (const { kind, path, init, status } of requests()) {
      const res = await t.app.request(path, init);
      expect(res.status, kind).toBe(status);
      expect(res.headers.get('x-content-type-options'), kind).toBe('nosniff');
    }
    const rows = (
      (await (await t.admin('GET', '/requests?limit=20')).json()) as {
        data: { method: string; path: string; status: number; client_address: string | null }[];
      }
    ).data;
    const logged = requests().filter((r) => r.kind !== 'admin');
    expect(
      rows
        .slice(0, logged.length)
        .reverse()
        .map((r) => [r.path, r.status]),
    ).toEqual(logged.map((r) => [r.path, r.status]));
  });

  it('lets an armed fault answer every kind of address but the pages and the harness', async () => {
    const faulted = { REST: true, dashboard: false, OAuth: true, admin: false, MCP: true, tus: true };
    for (const { kind, path, init, status } of requests()) {
      if (!(kind in faulted)) continue;
      const bare = path.split('?')[0] as string;
      await t.admin('POST', '/faults', {
        match: { path: bare },
        answer: { status: 503, code: 'caller_check_unavailable' },
        times: 1,
      });
      const res = await t.app.request(path, init);
      const expected = faulted[kind as keyof typeof faulted] ? 503 : status;
      expect(res.status, kind).toBe(expected);
    }
  });
});
