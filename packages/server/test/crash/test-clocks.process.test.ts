import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, serverListening, spawnServerProcess } from '../helpers/test-app.js';
import { adminJson } from './crash-helpers.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const START = '2026-03-02T10:00:00.000Z';
function spawnServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawnServerProcess(dataDir, { SOCIALPUB_CLOCK: 'virtual', SOCIALPUB_CLOCK_START: START });
  children.push(child);
  return serverListening(child);
}
const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

const call = adminJson;

interface Made {
  accountId: string;
  apiKey: string;
  scheduled: string[];
}

/** An account with a profile on linkedin and `count` posts scheduled over the next hours of its clock. */
async function accountWithSchedule(url: string, clockId: string | null, count: number): Promise<Made> {
  const account = await call<{ account_id: string }>(`${url}/admin/v1/accounts`, 'POST', {
    clock_id: clockId,
  });
  const { api_key } = await call<{ api_key: string }>(
    `${url}/admin/v1/accounts/${account.account_id}/keys`,
    'POST',
    {},
  );
  const profile = await call<{ profile_id: string }>(
    `${url}/admin/v1/accounts/${account.account_id}/profiles`,
    'POST',
    {
      name: 'Brand',
    },
  );
  await call(`${url}/admin/v1/profiles/${profile.profile_id}/networks/linkedin`, 'PUT', {});
  const scheduled: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(Date.parse(START) + (120 + i * 60) * 1000).toISOString();
    const answer = await call<{ scheduled_post_id: string }>(
      `${url}/api/v2/posts`,
      'POST',
      {
        post: {
          accountId: profile.profile_id,
          platform: 'linkedin',
          content: { text: `post ${i}` },
          scheduledFor: at,
        },
      },
      api_key,
    );
    scheduled.push(answer.scheduled_post_id);
  }
  return { accountId: account.account_id, apiKey: api_key, scheduled };
}

const statusOf = async (url: string, made: Made, id: string) =>
  (await call<{ status: string }>(`${url}/api/v2/posts/${id}`, 'GET', undefined, made.apiKey)).status;

describe('SIGKILL during test-clock work (real server process on a data directory)', () => {
  it('in the middle of an advance: nothing of the other accounts changes, and no post of the moved account is lost', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-clocks-crash-'));
    dirs.push(dataDir);
    const first = await spawnServer(dataDir);
    const clock = await call<{ clock_id: string }>(`${first.url}/admin/v1/clocks`, 'POST', { now: START });
    const moved = await accountWithSchedule(first.url, clock.clock_id, 40);
    const server = await accountWithSchedule(first.url, null, 3);
    const advance = fetch(`${first.url}/admin/v1/clocks/${clock.clock_id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ advance_seconds: 86_400 }),
    }).catch(() => null);
    await new Promise((r) => setTimeout(r, 40));
    await killed(first.child);
    await advance;

    const second = await spawnServer(dataDir);
    for (const id of server.scheduled) expect(await statusOf(second.url, server, id)).toBe('scheduled');
    const after = await call<{ now: string }>(`${second.url}/admin/v1/clocks/${clock.clock_id}`, 'GET');
    expect(Date.parse(after.now)).toBeGreaterThanOrEqual(Date.parse(START));
    for (const id of moved.scheduled) {
      // Every post is still there: waiting, sent, or (sent when the process died) unconfirmed.
      expect(['scheduled', 'processing', 'published']).toContain(await statusOf(second.url, moved, id));
    }
    // Moving on from where it stopped sends the rest, still only for its account. A minute past the
    // first advance's end: the advance may have finished before the kill, and the 80 reads of the
    // moved account must not fall in one minute of its clock (60 reads a minute).
    await call(`${second.url}/admin/v1/clocks/${clock.clock_id}`, 'POST', { now: '2026-03-03T10:01:00Z' });
    for (const id of moved.scheduled) expect(await statusOf(second.url, moved, id)).not.toBe('scheduled');
    for (const id of server.scheduled) expect(await statusOf(second.url, server, id)).toBe('scheduled');
    await killed(second.child);
  });

  it('in the middle of an account deletion: the account is afterwards either whole or gone, the others whole', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-clocks-crash-'));
    dirs.push(dataDir);
    const first = await spawnServer(dataDir);
    const victim = await accountWithSchedule(first.url, null, 2);
    const other = await accountWithSchedule(first.url, null, 2);
    for (const made of [victim, other]) {
      for (let i = 0; i < 15; i++) {
        await call(`${first.url}/admin/v1/accounts/${made.accountId}/media`, 'POST', {
          file_name: `f${i}.png`,
          content_base64: Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
            'base64',
          ).toString('base64'),
        });
      }
    }
    const files = readdirSync(join(dataDir, 'media', 'files'));
    expect(files.length).toBe(30);
    const deletion = fetch(`${first.url}/admin/v1/accounts/${victim.accountId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    }).catch(() => null);
    await new Promise((r) => setTimeout(r, 5));
    await killed(first.child);
    await deletion;

    const second = await spawnServer(dataDir);
    const victimAnswer = await fetch(`${second.url}/admin/v1/accounts/${victim.accountId}`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const remaining = readdirSync(join(dataDir, 'media', 'files')).length;
    if (victimAnswer.status === 200) {
      // Killed before the mark was committed: whole, every file still there, key still works.
      expect(remaining).toBe(30);
      expect(
        (
          await fetch(`${second.url}/api/v2/accounts`, {
            headers: { authorization: `Bearer ${victim.apiKey}` },
          })
        ).status,
      ).toBe(200);
    } else {
      expect(victimAnswer.status).toBe(404);
      expect(remaining).toBe(15);
      expect(
        (
          await fetch(`${second.url}/api/v2/accounts`, {
            headers: { authorization: `Bearer ${victim.apiKey}` },
          })
        ).status,
      ).toBe(401);
    }
    for (const id of other.scheduled) expect(await statusOf(second.url, other, id)).toBe('scheduled');
    const otherAccount = await call<{ account_id: string }>(
      `${second.url}/admin/v1/accounts/${other.accountId}`,
      'GET',
    );
    expect(otherAccount.account_id).toBe(other.accountId);
    expect(existsSync(join(dataDir, 'socialpub.db'))).toBe(true);
    await killed(second.child);
  });
});
