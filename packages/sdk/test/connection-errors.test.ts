import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIConnectionRefusedError,
  type RetryEvent,
  SocialPub,
  SocialPubAdmin,
} from '../src/index.js';

/** A loopback port that was free a moment ago and has nothing listening now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('a server that is not running (a real refused connection)', () => {
  it('throws APIConnectionRefusedError naming the address tried, without retrying', async () => {
    const base = `http://127.0.0.1:${await closedPort()}`;
    const events: RetryEvent[] = [];
    const client = new SocialPub({ apiKey: 'sp_test', baseURL: base, onRetry: (e) => events.push(e) });
    const error = await client.accounts.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionRefusedError);
    expect(error).toBeInstanceOf(APIConnectionError);
    const refused = error as APIConnectionRefusedError;
    expect(refused.url).toBe(`${base}/api/v2/accounts`);
    expect(refused.systemCode).toBe('ECONNREFUSED');
    expect(refused.message).toContain(base);
    expect(refused.message).toContain('connection refused');
    expect(refused.message).not.toContain('sp_test');
    expect(events).toEqual([]);
  }, 20_000);

  it('is not resent even for a POST that the client would resend after a lost connection', async () => {
    const base = `http://127.0.0.1:${await closedPort()}`;
    const events: RetryEvent[] = [];
    const client = new SocialPub({ apiKey: 'sp_test', baseURL: base, onRetry: (e) => events.push(e) });
    const post = { accountId: '@demobrand', platform: 'x' as const, content: { text: 'hi' } };
    await expect(client.posts.create(post)).rejects.toBeInstanceOf(APIConnectionRefusedError);
    expect(events).toEqual([]);
  }, 20_000);

  it('the admin client says the same, under baseURL and under its older baseUrl', async () => {
    const base = `http://127.0.0.1:${await closedPort()}`;
    const admin = new SocialPubAdmin({ adminToken: 'sp_admin_test', baseURL: `${base}/` });
    expect(admin.baseURL).toBe(base);
    expect(admin.baseUrl).toBe(base);
    const error = await admin.clocks.get('c1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionRefusedError);
    expect((error as APIConnectionRefusedError).url).toBe(`${base}/admin/v1/clocks/c1`);
    const older = new SocialPubAdmin({ adminToken: 'sp_admin_test', baseUrl: base });
    expect(older.baseURL).toBe(base);
  }, 20_000);
});
