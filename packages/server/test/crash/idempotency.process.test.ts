import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { ADMIN_TOKEN, serverListening, spawnServerProcess } from '../helpers/test-app.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** On the system clock, so the simulated network's latency holds the request open in real time. */
function spawnServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawnServerProcess(dataDir, { SOCIALPUB_CLOCK: 'system' });
  children.push(child);
  return serverListening(child);
}

async function adminJson<T>(url: string, method: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('an Idempotency-Key whose first request died with its process', () => {
  it('answers idempotency_outcome_unknown at once after the restart, never "in progress"', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-idem-crash-'));
    dirs.push(dataDir);
    const first = await spawnServer(dataDir);
    const { account_id } = await adminJson<{ account_id: string }>(
      `${first.url}/admin/v1/accounts`,
      'POST',
      {},
    );
    const { api_key } = await adminJson<{ api_key: string }>(
      `${first.url}/admin/v1/accounts/${account_id}/keys`,
      'POST',
      { name: 'crash' },
    );
    const { profile_id } = await adminJson<{ profile_id: string }>(
      `${first.url}/admin/v1/accounts/${account_id}/profiles`,
      'POST',
      { name: 'Crash' },
    );
    // The network takes 20 s to answer: the publish is still running when the process dies.
    await adminJson(`${first.url}/admin/v1/profiles/${profile_id}/networks/linkedin`, 'PUT', {
      simulate: { latency_ms: 20_000 },
    });
    const send = (url: string) =>
      fetch(`${url}/api/v2/posts`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${api_key}`,
          'content-type': 'application/json',
          'idempotency-key': 'crash-key-1',
        },
        body: JSON.stringify({
          post: { accountId: profile_id, platform: 'linkedin', content: { text: 'Hi' } },
        }),
      });
    void send(first.url).catch(() => undefined);
    const db = openDatabase({ file: join(dataDir, 'socialpub.db') });
    const claim = () =>
      db.prepare("SELECT state FROM idempotency_entries WHERE idempotency_key = 'crash-key-1'").get() as
        | { state: string }
        | undefined;
    await waitFor(() => claim()?.state === 'in_progress', 150_000);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    db.close();

    const second = await spawnServer(dataDir);
    const answer = await send(second.url);
    const body = (await answer.json()) as { error: { code: string; message: string } };
    expect([answer.status, body.error.code]).toEqual([409, 'idempotency_outcome_unknown']);
    expect(answer.headers.get('retry-after')).toBeNull();
    expect(body.error.message).toContain('check GET /posts');
    // A new key is a new request, answered as usual.
    const fresh = await fetch(`${second.url}/api/v2/posts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${api_key}`,
        'content-type': 'application/json',
        'idempotency-key': 'crash-key-2',
      },
      body: JSON.stringify({
        post: { accountId: profile_id, platform: 'x', content: { text: 'Hi' } },
        dryRun: true,
      }),
    });
    expect(fresh.status).toBeLessThan(500);
    second.child.kill('SIGTERM');
  });
});
