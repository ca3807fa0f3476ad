import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DemoProfiles,
  demoProfiles,
  parseJson,
  startTestServer,
  type TestServer,
} from './cli-harness.js';

let t: TestServer;
let profiles: DemoProfiles;
beforeAll(async () => {
  t = await startTestServer();
  profiles = await demoProfiles(t);
});
afterAll(() => t.close());

/**
 * The next matching request reaches the server and its connection is cut without an answer (a
 * refused connection is another case: nothing was sent, see first-use.process.test.ts).
 */
async function dropNext(method: string, path: string, when: 'before' | 'after'): Promise<void> {
  const fault = await t.admin('POST', '/faults', { match: { method, path }, answer: 'drop', when, times: 1 });
  expect(fault.status).toBe(201);
}

describe('one profile parser for every command', () => {
  it.each([['@demobrand'], ['@DemoBrand'], ['demobrand'], ['Demo Brand']])(
    'accounts options accepts %s as posts create --profile does',
    async (written) => {
      const result = await t.cli(['accounts', 'options', written, '--json']);
      expect(result.code, result.stderr).toBe(0);
      expect(parseJson<{ data: { profile_id: string } }>(result).data.profile_id).toBe(profiles.brand);
    },
  );

  it('accounts options still takes the profile id', async () => {
    const result = await t.cli(['accounts', 'options', profiles.side, '--json']);
    expect(result.code).toBe(0);
    expect(parseJson<{ data: { profile_id: string } }>(result).data.profile_id).toBe(profiles.side);
  });

  it('names the profiles there are when none matches, exit 2', async () => {
    const result = await t.cli(['accounts', 'options', '@nobody']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No profile "@nobody" on this account.');
    expect(result.stderr).toContain('@demobrand (Demo Brand)');
  });

  it('posts list --profile takes a handle too', async () => {
    const posted = await t.cli([
      'posts',
      'create',
      '--profile',
      '@sideproject',
      '--platform',
      'x',
      '--text',
      'for the list',
    ]);
    expect(posted.code).toBe(0);
    const result = await t.cli(['posts', 'list', '--profile', '@sideproject', '--kind', 'post', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const { data } = parseJson<{ data: { profile_id: string }[] }>(result);
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((post) => post.profile_id === profiles.side)).toBe(true);
  });
});

describe('messages', () => {
  it('prints the scheduled line once', async () => {
    const { body } = await t.admin('GET', '/clock');
    const when = new Date(Date.parse((body as { now: string }).now) + 3600_000).toISOString();
    const result = await t.cli([
      'posts',
      'create',
      '--profile',
      '@demobrand',
      '--platform',
      'linkedin',
      '--text',
      'Later',
      '--schedule',
      when,
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout.match(/Scheduled for/g)).toHaveLength(1);
  });

  it('says "an instagram post" and does not claim error.parameter names a field it does not', async () => {
    const result = await t.cli([
      'posts',
      'create',
      '--profile',
      '@demobrand',
      '--platform',
      'instagram',
      '--text',
      'no media',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('An instagram post needs media');
    expect(result.stderr).not.toContain('error.parameter');
  });

  it('names the parameter of a read 400 when the answer does', async () => {
    const result = await t.cli(['posts', 'get', 'not-a-uuid']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Parameter: id (error.parameter).');
  });

  it('tells a read that lost its answer to run again, with no word of idempotency keys', async () => {
    await dropNext('GET', '/api/v2/accounts', 'before');
    const result = await t.cli(['--max-retries', '0', 'accounts', 'list']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('a read changes nothing, so run it again');
    expect(result.stderr).not.toMatch(/idempotency/i);
  });

  it('tells a post that lost its answer to resend only with the same key', async () => {
    await dropNext('POST', '/api/v2/posts', 'after');
    const result = await t.cli([
      '--max-retries',
      '0',
      'posts',
      'create',
      '--profile',
      '@demobrand',
      '--platform',
      'x',
      '--text',
      'hi',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Resend only with the same --idempotency-key');
  });
});
