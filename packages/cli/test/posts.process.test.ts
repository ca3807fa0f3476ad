import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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

/** Moves the virtual clock past the 20-second spacing between posts to one network. */
async function advance(seconds = 25): Promise<void> {
  await t.admin('POST', '/clock', { advance_seconds: seconds });
}

async function inOneHour(): Promise<string> {
  const { body } = await t.admin('GET', '/clock');
  return new Date(Date.parse((body as { now: string }).now) + 3600_000).toISOString();
}

type Service = { service: { post_id: string | null; scheduled_post_id: string | null } };

describe('posts create', () => {
  it('publishes a text post and prints the raw answer with --json', async () => {
    await advance();
    const result = await t.cli([
      'posts',
      'create',
      '--profile',
      profiles.brand,
      '--platform',
      'linkedin',
      '--text',
      'Hello from the CLI',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const body = parseJson<Service>(result);
    expect(body.service.post_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('prints what happened without --json', async () => {
    await advance();
    const result = await t.cli([
      'posts',
      'create',
      '--profile',
      '@demobrand',
      '--platform',
      'threads',
      '--text',
      'Readable',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Published|Processing/);
  });

  it('exits 4 naming rate_limited when a second post to the same network follows within 20 seconds', async () => {
    await advance();
    const first = await t.cli([
      'posts',
      'create',
      '--profile',
      profiles.brand,
      '--platform',
      'x',
      '--text',
      'one',
    ]);
    expect(first.code).toBe(0);
    const second = await t.cli([
      '--max-retries',
      '0',
      'posts',
      'create',
      '--profile',
      profiles.brand,
      '--platform',
      'x',
      '--text',
      'two',
    ]);
    expect(second.code).toBe(4);
    expect(second.stderr).toContain('rate_limited');
    expect(second.stderr).toMatch(/Wait \d+ seconds \(Retry-After\), then run the same command again\./);
  });

  it('replays the first answer byte for byte for the same --idempotency-key', async () => {
    await advance();
    const args = [
      'posts',
      'create',
      '--profile',
      profiles.brand,
      '--platform',
      'facebook',
      '--text',
      'once',
      '--idempotency-key',
      'cli-replay-1',
      '--json',
    ];
    const first = await t.cli(args);
    const second = await t.cli(args);
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
  });

  it('schedules a post more than a minute ahead, and cancel takes it back', async () => {
    const when = await inOneHour();
    const result = await t.cli([
      'posts',
      'create',
      '--profile',
      profiles.brand,
      '--platform',
      'linkedin',
      '--text',
      'later',
      '--schedule',
      when,
      '--json',
    ]);
    expect(result.code).toBe(0);
    const body = parseJson<{ code: string; scheduled_post_id: string }>(result);
    expect(body.code).toBe('scheduled');
    const cancelled = await t.cli(['posts', 'cancel', body.scheduled_post_id, '--json']);
    expect(cancelled.code).toBe(0);
    expect(parseJson<{ data: { status: string } }>(cancelled).data.status).toBe('cancelled');
    const again = await t.cli(['posts', 'cancel', body.scheduled_post_id]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Already cancelled');
  });

  it('runs a dry run with --dry-run: nothing recorded', async () => {
    const result = await t.cli([
      'posts',
      'create',
      '--profile',
      profiles.brand,
      '--platform',
      'x',
      '--text',
      'check',
      '--dry-run',
      '--json',
    ]);
    expect(result.code).toBe(0);
    expect(parseJson<{ dry_run: boolean }>(result).dry_run).toBe(true);
  });

  it('reads the whole body from --file and lets flags override it', async () => {
    await advance();
    const file = join(t.configDir, 'post.json');
    await writeFile(
      file,
      JSON.stringify({
        post: { accountId: 'nobody-here', platform: 'linkedin', content: { text: 'from file' } },
      }),
    );
    const result = await t.cli(['posts', 'create', '--file', file, '--profile', profiles.brand, '--json']);
    expect(result.code).toBe(0);
    expect(parseJson<Service>(result).service.post_id).toBeTruthy();
  });

  it('exits 2 before sending when --platform is missing', async () => {
    const result = await t.cli(['posts', 'create', '--profile', profiles.brand, '--text', 'x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--platform');
  });

  it('exits 2 for a profile that is not on the account (403 account_not_found: input, not permission)', async () => {
    const result = await t.cli([
      'posts',
      'create',
      '--profile',
      'no-such-profile',
      '--platform',
      'x',
      '--text',
      'x',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('account_not_found');
    expect(result.stderr).toContain('Profiles of this account: @demobrand (Demo Brand,');
  });

  it('exits 2 for a youtube post without privacy (a 400 refusal)', async () => {
    const result = await t.cli([
      'posts',
      'create',
      '--profile',
      profiles.brand,
      '--platform',
      'youtube',
      '--text',
      'x',
    ]);
    expect(result.code).toBe(2);
  });

  it('waits with --wait until the post is done and prints the record', async () => {
    await advance();
    const result = await t.cli([
      'posts',
      'create',
      '--profile',
      profiles.brand,
      '--platform',
      'linkedin',
      '--text',
      'wait',
      '--wait',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const record = parseJson<{ done: boolean; kind: string }>(result);
    expect(record.kind).toBe('post');
    expect(record.done).toBe(true);
  });
});

describe('posts validate', () => {
  it('answers the dry-run outcome and exits 0 even when the post would be refused', async () => {
    const result = await t.cli([
      'posts',
      'validate',
      '--profile',
      profiles.brand,
      '--platform',
      'pinterest',
      '--text',
      'no board',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Dry run');
  });
});

describe('posts list, get', () => {
  it('lists the first page as received with --json and every page with --all', async () => {
    const page = await t.cli(['posts', 'list', '--limit', '1', '--json']);
    expect(page.code).toBe(0);
    const first = parseJson<{ data: unknown[]; next_cursor: string | null }>(page);
    expect(first.data).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const all = await t.cli(['posts', 'list', '--limit', '1', '--all', '--json']);
    expect(parseJson<{ data: unknown[] }>(all).data.length).toBeGreaterThan(1);
  });

  it('filters by kind and prints a table', async () => {
    const result = await t.cli(['posts', 'list', '--kind', 'scheduled_post']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('scheduled_post');
    expect(result.stdout).not.toMatch(/\bpost\s+linkedin/);
  });

  it('exits 2 with the parameter named for a refused filter', async () => {
    const result = await t.cli(['posts', 'list', '--status', 'published']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('bad_request');
  });

  it('reads one post, and exits 2 for an id that does not exist', async () => {
    const listed = parseJson<{ data: { id: string }[] }>(
      await t.cli(['posts', 'list', '--kind', 'post', '--json']),
    );
    const id = listed.data[0]?.id ?? '';
    const one = await t.cli(['posts', 'get', id, '--json']);
    expect(one.code).toBe(0);
    expect(parseJson<{ id: string }>(one).id).toBe(id);
    const missing = await t.cli(['posts', 'get', '00000000-0000-4000-8000-000000000000']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('post_not_found');
  });

  it('exits 6 when --wait gives up before a post is done', async () => {
    await t.admin('PATCH', `/profiles/${profiles.side}/networks/linkedin`, {
      simulate: { outcome: 'timeout' },
    });
    await advance();
    const created = await t.cli([
      'posts',
      'create',
      '--profile',
      profiles.side,
      '--platform',
      'linkedin',
      '--text',
      'never confirmed',
      '--json',
    ]);
    expect(created.code).toBe(0);
    const postId = parseJson<Service>(created).service.post_id ?? '';
    const waited = await t.cli(['posts', 'get', postId, '--wait', '--wait-timeout', '0']);
    expect(waited.code).toBe(6);
    expect(waited.stderr).toContain('still_running');
  });
});
