import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APIError, SocialPubAdmin, SocialPubError } from '../src/index.js';
import { BASE, useMockServer } from './helpers.js';

const server = useMockServer();
const admin = (path: string) => `${BASE}/admin/v1${path}`;
const CLOCK = {
  clock_id: '6f1c1d3e-8a0f-4a57-9d8c-3f0f1a2b3c4d',
  name: 'ci',
  now: '2030-01-01T00:00:00.000Z',
};
const client = () => new SocialPubAdmin({ adminToken: 'admin-secret', baseUrl: `${BASE}/` });

interface Seen {
  method: string;
  path: string;
  auth: string | null;
  body: unknown;
}
/** Records every admin request and answers `answer`. */
function recordAll(answer: unknown, status = 200): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.all(`${BASE}/admin/v1/*`, async ({ request }) => {
      const text = await request.text();
      seen.push({
        method: request.method,
        path: new URL(request.url).pathname + new URL(request.url).search,
        auth: request.headers.get('authorization'),
        body: text === '' ? undefined : JSON.parse(text),
      });
      return HttpResponse.json(answer as Record<string, unknown>, { status });
    }),
  );
  return seen;
}

describe('SocialPubAdmin', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('needs an admin token, from the options or SOCIALPUB_ADMIN_TOKEN', () => {
    vi.stubEnv('SOCIALPUB_ADMIN_TOKEN', '');
    expect(() => new SocialPubAdmin({ baseUrl: BASE })).toThrow(SocialPubError);
    vi.stubEnv('SOCIALPUB_ADMIN_TOKEN', 'from-env');
    expect(new SocialPubAdmin({ baseUrl: BASE }).baseUrl).toBe(BASE);
  });

  it.each([
    [
      'accounts.create',
      (c: SocialPubAdmin) => c.accounts.create({ clock_id: CLOCK.clock_id }),
      'POST',
      '/admin/v1/accounts',
      { clock_id: CLOCK.clock_id },
    ],
    ['accounts.get', (c: SocialPubAdmin) => c.accounts.get('a1'), 'GET', '/admin/v1/accounts/a1', undefined],
    [
      'accounts.update',
      (c: SocialPubAdmin) => c.accounts.update('a1', { plan: 'free' }),
      'PATCH',
      '/admin/v1/accounts/a1',
      { plan: 'free' },
    ],
    [
      'accounts.delete',
      (c: SocialPubAdmin) => c.accounts.delete('a/1'),
      'DELETE',
      '/admin/v1/accounts/a%2F1',
      undefined,
    ],
    [
      'accounts.outbox',
      (c: SocialPubAdmin) => c.accounts.outbox('a1'),
      'GET',
      '/admin/v1/accounts/a1/outbox',
      undefined,
    ],
    [
      'keys.create',
      (c: SocialPubAdmin) => c.keys.create('a1', { name: 'ci' }),
      'POST',
      '/admin/v1/accounts/a1/keys',
      { name: 'ci' },
    ],
    ['keys.revoke', (c: SocialPubAdmin) => c.keys.revoke('k1'), 'DELETE', '/admin/v1/keys/k1', undefined],
    [
      'profiles.create',
      (c: SocialPubAdmin) => c.profiles.create('a1', { name: 'Brand' }),
      'POST',
      '/admin/v1/accounts/a1/profiles',
      { name: 'Brand' },
    ],
    [
      'networks.connect',
      (c: SocialPubAdmin) => c.networks.connect('p1', 'x', { username: 'me' }),
      'PUT',
      '/admin/v1/profiles/p1/networks/x',
      { username: 'me' },
    ],
    [
      'networks.update',
      (c: SocialPubAdmin) => c.networks.update('p1', 'x', { health: 'reconnect_required' }),
      'PATCH',
      '/admin/v1/profiles/p1/networks/x',
      { health: 'reconnect_required' },
    ],
    [
      'networks.disconnect',
      (c: SocialPubAdmin) => c.networks.disconnect('p1', 'x'),
      'DELETE',
      '/admin/v1/profiles/p1/networks/x',
      undefined,
    ],
    [
      'clocks.create',
      (c: SocialPubAdmin) => c.clocks.create({ now: CLOCK.now, name: 'ci' }),
      'POST',
      '/admin/v1/clocks',
      { now: CLOCK.now, name: 'ci' },
    ],
    ['clocks.get', (c: SocialPubAdmin) => c.clocks.get('c1'), 'GET', '/admin/v1/clocks/c1', undefined],
    [
      'clocks.advance',
      (c: SocialPubAdmin) => c.clocks.advance('c1', 86_400),
      'POST',
      '/admin/v1/clocks/c1',
      { advance_seconds: 86_400 },
    ],
    [
      'clocks.move',
      (c: SocialPubAdmin) => c.clocks.move('c1', { now: CLOCK.now }),
      'POST',
      '/admin/v1/clocks/c1',
      { now: CLOCK.now },
    ],
    [
      'clocks.delete',
      (c: SocialPubAdmin) => c.clocks.delete('c1'),
      'DELETE',
      '/admin/v1/clocks/c1',
      undefined,
    ],
    ['clocks.server', (c: SocialPubAdmin) => c.clocks.server(), 'GET', '/admin/v1/clock', undefined],
    [
      'clocks.moveServer',
      (c: SocialPubAdmin) => c.clocks.moveServer({ advance_seconds: 60 }),
      'POST',
      '/admin/v1/clock',
      { advance_seconds: 60 },
    ],
    [
      'faults.create',
      (c: SocialPubAdmin) => c.faults.create({ answer: 'drop' }),
      'POST',
      '/admin/v1/faults',
      { answer: 'drop' },
    ],
    ['faults.list', (c: SocialPubAdmin) => c.faults.list(), 'GET', '/admin/v1/faults', undefined],
    [
      'faults.delete',
      (c: SocialPubAdmin) => c.faults.delete('f1'),
      'DELETE',
      '/admin/v1/faults/f1',
      undefined,
    ],
    [
      'requests.list',
      (c: SocialPubAdmin) => c.requests.list({ account_id: 'a1', limit: 5 }),
      'GET',
      '/admin/v1/requests?account_id=a1&limit=5',
      undefined,
    ],
    [
      'deliveries.get',
      (c: SocialPubAdmin) => c.deliveries.get('dlv_1'),
      'GET',
      '/admin/v1/deliveries/dlv_1',
      undefined,
    ],
    [
      'deliveries.clear',
      (c: SocialPubAdmin) => c.deliveries.clear('a1'),
      'DELETE',
      '/admin/v1/accounts/a1/deliveries',
      undefined,
    ],
  ] as const)('%s sends %s with the admin token', async (_name, run, method, path, body) => {
    const seen = recordAll(CLOCK);
    expect(await run(client())).toEqual(CLOCK);
    expect(seen).toEqual([{ method, path, auth: 'Bearer admin-secret', body }]);
  });

  it('networks.setRules sets simulate.rules and keeps the rest of simulate', async () => {
    const network = {
      profile_id: 'p1',
      platform: 'x',
      simulate: { latency_ms: 5, next: [{ outcome: 'failed' }] },
    };
    const seen = recordAll(network);
    await client().networks.setRules('p1', 'x', 'lenient');
    expect(seen.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'PATCH', path: '/admin/v1/profiles/p1/networks/x', body: {} },
      {
        method: 'PATCH',
        path: '/admin/v1/profiles/p1/networks/x',
        body: { simulate: { ...network.simulate, rules: 'lenient' } },
      },
    ]);
  });

  it('throws the server refusal as an APIError with its code, and does not resend a create', async () => {
    const seen = recordAll(
      { error: { code: 'bad_request', message: 'The clock cannot move backwards.' } },
      400,
    );
    const error = await client()
      .clocks.move('c1', { now: '2020-01-01T00:00:00Z' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(400);
    expect((error as APIError).code).toBe('bad_request');
    let creates = 0;
    server.use(
      http.post(admin('/accounts'), () => {
        creates += 1;
        return HttpResponse.json({ error: { code: 'server_error', message: 'x' } }, { status: 503 });
      }),
    );
    await expect(client().accounts.create()).rejects.toBeInstanceOf(APIError);
    expect(creates).toBe(1);
    expect(seen).toHaveLength(1);
  });

  it('deliveries.list sends the filters and walks every page by next_cursor', async () => {
    const delivery = (n: number) => ({ id: `dlv_${n}`, text: `post ${n}` });
    const seen: string[] = [];
    server.use(
      http.get(admin('/accounts/a1/deliveries'), ({ request }) => {
        const url = new URL(request.url);
        seen.push(url.search);
        const second = url.searchParams.get('cursor') === 'c2';
        return HttpResponse.json({
          data: second ? [delivery(3)] : [delivery(1), delivery(2)],
          next_cursor: second ? null : 'c2',
          next_url: null,
        });
      }),
    );
    const list = client().deliveries.list('a1', { platform: 'linkedin', q: 'launch', limit: 2 });
    expect((await list).data).toHaveLength(2);
    expect((await list.toArray()).map((d) => d.id)).toEqual(['dlv_1', 'dlv_2', 'dlv_3']);
    expect(seen).toEqual([
      '?platform=linkedin&q=launch&limit=2',
      '?platform=linkedin&q=launch&limit=2&cursor=c2',
    ]);
  });
});
