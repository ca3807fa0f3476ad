import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { ScheduledPostsRepository } from '../../src/db/scheduled-posts-repo.js';
import { adminJson, crashRig, waitFor } from './crash-helpers.js';

/**
 * The server in its own process, as the foundation's crash test starts it. The system clock is
 * used on purpose: with the virtual clock the simulated network's latency takes no real time, so
 * there would be no moment "during the send" to kill the process in.
 */
const rig = crashRig({ SOCIALPUB_CLOCK: 'system' });

describe('scheduled send interrupted by a crash', () => {
  it('reads unconfirmed after SIGKILL during the send and is never sent again', async () => {
    const dataDir = rig.dataDir('socialpub-crash-');
    const first = await rig.spawn(dataDir);
    const { account_id } = await adminJson<{ account_id: string }>(`${first.url}/admin/v1/accounts`, 'POST', {
      x_addon: true,
    });
    const { api_key } = await adminJson<{ api_key: string }>(
      `${first.url}/admin/v1/accounts/${account_id}/keys`,
      'POST',
      {
        name: 'crash',
      },
    );
    const { profile_id } = await adminJson<{ profile_id: string }>(
      `${first.url}/admin/v1/accounts/${account_id}/profiles`,
      'POST',
      { name: 'Crash' },
    );
    await adminJson(`${first.url}/admin/v1/profiles/${profile_id}/networks/x`, 'PUT', {
      simulate: { latency_ms: 20_000 },
    });
    await adminJson(`${first.url}/admin/v1/profiles/${profile_id}/networks/linkedin`, 'PUT', {});

    // The scheduled post is written straight into the database, already due; the running server's
    // scheduler finds it on its next look.
    let db = openDatabase({ file: join(dataDir, 'socialpub.db') });
    let scheduled = new ScheduledPostsRepository(db);
    /** A scheduled post written straight into the database, due a second ago. */
    const insertDue = (platform: 'x' | 'linkedin', text: string): string => {
      const id = randomUUID();
      const due = new Date(Date.now() - 1_000).toISOString();
      scheduled.insert({
        id,
        accountId: account_id,
        profileId: profile_id,
        platforms: [platform],
        at: due,
        scheduledFor: due,
        createdAt: due,
        note: null,
        mediaType: 'text',
        request: { text, mediaIds: [], mediaUrls: [], options: {}, postType: 'text' },
      });
      return id;
    };
    const id = insertDue('x', 'crash test');
    await waitFor(() => scheduled.get(id)?.outcome === 'sending', 150_000);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    db.close();

    const second = await rig.spawn(dataDir);
    db = openDatabase({ file: join(dataDir, 'socialpub.db') });
    scheduled = new ScheduledPostsRepository(db);
    const read = async () => {
      const res = await fetch(`${second.url}/api/v2/posts/${id}`, {
        headers: { authorization: `Bearer ${api_key}` },
      });
      return (await res.json()) as {
        outcome: string;
        status: string;
        results: { status: string; platform: string }[];
      };
    };
    const view = await read();
    expect(view).toMatchObject({ outcome: 'unconfirmed', status: 'published' });
    expect(view.results).toEqual([expect.objectContaining({ platform: 'x', status: 'timeout' })]);
    // A post due after the restart is sent: the restarted scheduler has looked at due work since,
    // and it still does not send the interrupted one again.
    const witness = insertDue('linkedin', 'due after the restart');
    await waitFor(
      () => !['waiting', 'sending'].includes(scheduled.get(witness)?.outcome ?? 'waiting'),
      150_000,
    );
    db.close();
    const list = await fetch(`${second.url}/api/v2/posts?platform=x`, {
      headers: { authorization: `Bearer ${api_key}` },
    });
    const page = (await list.json()) as { data: { kind: string; scheduled_post_id: string | null }[] };
    expect(page.data).toEqual([expect.objectContaining({ kind: 'post', scheduled_post_id: id })]);
    expect((await read()).outcome).toBe('unconfirmed');
    second.child.kill('SIGTERM');
  });
});
