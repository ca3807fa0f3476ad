import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoProfiles, demoProfiles, startTestServer, type TestServer } from './cli-harness.js';

let t: TestServer;
let profiles: DemoProfiles;
beforeAll(async () => {
  t = await startTestServer();
  profiles = await demoProfiles(t);
});
afterAll(() => t.close());

const MISSING_POST = '00000000-0000-4000-8000-000000000000';

describe('--json on failure', () => {
  it('prints the read refusal exactly as the service answered it, the message on stderr, exit 2', async () => {
    const result = await t.cli(['posts', 'get', MISSING_POST, '--json']);
    expect(result.code).toBe(2);
    const direct = await t.api('GET', `/api/v2/posts/${MISSING_POST}`);
    expect(direct.status).toBe(404);
    expect(JSON.parse(result.stdout)).toEqual(direct.body);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('error: post_not_found (HTTP 404)');
  });

  it('prints a publish refusal as JSON, exits 2 for 403 account_not_found and lists the profiles', async () => {
    const result = await t.cli([
      'posts',
      'create',
      '--profile',
      '@nobody-here',
      '--platform',
      'x',
      '--text',
      'hi',
      '--json',
    ]);
    expect(result.code).toBe(2);
    const body = JSON.parse(result.stdout) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('account_not_found');
    expect(result.stderr).toContain('account_not_found');
    expect(result.stderr).toContain(
      `Profiles of this account: @demobrand (Demo Brand, ${profiles.brand}), @sideproject (Side Project, ${profiles.side}).`,
    );
    expect(result.stderr).not.toContain('{"error"');
  });

  it('prints nothing on stdout when the CLI refuses before sending', async () => {
    const result = await t.cli(['posts', 'create', '--profile', profiles.brand, '--json']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });

  it('prints nothing on stdout without --json', async () => {
    const result = await t.cli(['posts', 'get', MISSING_POST]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });
});

describe('automatic resends are announced on stderr', () => {
  it('says what it waits for and how long before resending a throttled read', async () => {
    const fault = await t.admin('POST', '/faults', {
      match: { method: 'GET', path: '/api/v2/accounts' },
      answer: { status: 429, code: 'rate_limited', retry_after_seconds: 1 },
      times: 1,
    });
    expect(fault.status).toBe(201);
    const result = await t.cli(['accounts', 'list', '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'rate_limited (HTTP 429) on GET /api/v2/accounts: waiting 1 second as the service asked, then sending it again (retry 1 of 2',
    );
    expect(JSON.parse(result.stdout)).toHaveProperty('data');
  });

  it('names the Idempotency-Key when it resends a post', async () => {
    await t.admin('POST', '/faults', {
      match: { method: 'POST', path: '/api/v2/posts' },
      answer: { status: 503, code: 'caller_check_unavailable', retry_after_seconds: 1 },
      times: 1,
    });
    const result = await t.cli([
      'posts',
      'create',
      '--profile',
      profiles.side,
      '--platform',
      'linkedin',
      '--text',
      'after one resend',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /caller_check_unavailable \(HTTP 503\) on POST \/api\/v2\/posts: waiting 1 second as the service asked, then sending it again with the same Idempotency-Key/,
    );
  });

  it('says nothing about resending when --max-retries 0 stops at the first refusal', async () => {
    await t.admin('POST', '/faults', {
      match: { method: 'GET', path: '/api/v2/accounts' },
      answer: { status: 429, code: 'rate_limited', retry_after_seconds: 1 },
      times: 1,
    });
    const result = await t.cli(['--max-retries', '0', 'accounts', 'list']);
    expect(result.code).toBe(4);
    expect(result.stderr).not.toContain('waiting');
  });
});
