import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { adminJson, crashRig, waitFor } from './crash-helpers.js';

/** On the system clock, so the simulated network's latency holds the request open in real time. */
const rig = crashRig({ SOCIALPUB_CLOCK: 'system' });

describe('an Idempotency-Key whose first request died with its process', () => {
  it('answers idempotency_outcome_unknown at once after the restart, never "in progress"', async () => {
    const dataDir = rig.dataDir('socialpub-idem-crash-');
    const first = await rig.spawn(dataDir);
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

    const second = await rig.spawn(dataDir);
    const answer = await send(second.url);
    const body = (await answer.json()) as { error: { code: string; message: string } };
    expect([answer.status, body.error.code]).toEqual([409, 'idempotency_outcome_unknown']);
    expect(answer.headers.get('retry-after')).toBeNull();
    expect(body.error.message).toContain('check GET /posts');
    second.child.kill('SIGTERM');
  });
});
