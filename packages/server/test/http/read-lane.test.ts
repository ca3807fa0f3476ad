import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type SocialpubApp } from '../../src/app.js';
import { ADMIN_TOKEN, CLOCK_START } from '../helpers/test-app.js';

// GET /api/v2/accounts is answered in the turn it arrives (http/read-lane.ts): the app's fetch
// returns the answer itself, with the bytes the middleware chain gives, and anything the lane does
// not take (an armed fault, HEAD, another spelling) still goes through the chain.

let s: SocialpubApp;
let apiKey: string;

const admin = async (method: string, path: string, body?: unknown) =>
  s.app.request(`/admin/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeEach(async () => {
  s = await createApp({ memory: true, clock: 'virtual', clockStart: CLOCK_START, adminToken: ADMIN_TOKEN });
  const account = (await (await admin('POST', '/accounts', {})).json()) as { account_id: string };
  await admin('POST', `/accounts/${account.account_id}/profiles`, { name: 'Brand' });
  apiKey = (
    (await (await admin('POST', `/accounts/${account.account_id}/keys`, { name: 'k' })).json()) as {
      api_key: string;
    }
  ).api_key;
});
afterEach(() => s.close());

const read = (path = '/api/v2/accounts', key = apiKey, method = 'GET') =>
  s.app.fetch(
    new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${key}` } }),
  );

async function bytes(answer: Response | Promise<Response>) {
  const res = await answer;
  return { status: res.status, headers: [...res.headers], body: await res.text() };
}

describe('the read lane', () => {
  it('answers GET /api/v2/accounts at once, as the middleware chain answers it', async () => {
    const atOnce = read();
    expect(atOnce).not.toBeInstanceOf(Promise);
    const lane = await bytes(atOnce);
    expect(lane.status).toBe(200);
    // An armed fault elsewhere sends every request through the chain.
    await admin('POST', '/faults', {
      match: { path: '/api/v2/media' },
      answer: { status: 500, code: 'server_error' },
      times: 1,
    });
    const chained = read();
    expect(chained).toBeInstanceOf(Promise);
    expect(await bytes(chained)).toEqual(lane);
  });

  it('answers a refused key and an unknown parameter at once, logged as the chain logs them', async () => {
    const refused = read('/api/v2/accounts', 'sp_live_wrong');
    expect(refused).not.toBeInstanceOf(Promise);
    expect((await refused).status).toBe(401);
    const warned = read('/api/v2/accounts?colour=blue');
    expect(warned).not.toBeInstanceOf(Promise);
    const body = (await (await warned).json()) as { warnings: { code: string }[] };
    expect(body.warnings[0]?.code).toBe('unknown_parameter');
    const log = (await (await admin('GET', '/requests?limit=10')).json()) as {
      data: { path: string; status: number; error: { code: string } | null }[];
    };
    expect(log.data.map((r) => [r.path, r.status, r.error?.code ?? null])).toEqual(
      expect.arrayContaining([
        ['/api/v2/accounts', 401, 'unauthorized'],
        ['/api/v2/accounts', 200, null],
      ]),
    );
  });

  it('leaves HEAD, other spellings and addresses that are no read to the chain', async () => {
    expect(read('/api/v2/accounts', apiKey, 'HEAD')).toBeInstanceOf(Promise);
    expect(read('/api/v2/accounts/')).toBeInstanceOf(Promise);
    expect(read('/api/v2/no-such-read')).toBeInstanceOf(Promise);
  });

  it('lets an armed fault on the read answer it, then answers at once again', async () => {
    await admin('POST', '/faults', {
      match: { method: 'GET', path: '/api/v2/accounts' },
      answer: { status: 503, code: 'caller_check_unavailable' },
      times: 1,
    });
    const faulted = read();
    expect(faulted).toBeInstanceOf(Promise);
    expect((await faulted).status).toBe(503);
    const next = read();
    expect(next).not.toBeInstanceOf(Promise);
    expect((await next).status).toBe(200);
  });
});
