import { randomUUID } from 'node:crypto';
import type { MediaFileRecord } from '../../src/db/media-files-repo.js';
import { storedPostRecord } from './post-record-fixture.js';
import { accountWithProfile, type Fixture, type TestApp, tableCounts } from './test-app.js';

export interface Answer {
  status: number;
  body: Record<string, unknown> & { error?: Record<string, unknown> };
  headers: Headers;
}

/** POST a body (object or raw text) to the current or the older posts address. */
export async function sendPost(
  t: TestApp,
  key: string,
  body: unknown,
  options: { legacy?: boolean; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await t.api('POST', options.legacy ? '/legacy/posts' : '/api/v2/posts', key, {
    headers: { 'content-type': 'application/json', ...(options.headers ?? {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'], headers: res.headers };
}

/** Every network connected with options that let a plain post through. */
export const ALL_NETWORKS: Record<string, unknown> = {
  tiktok: { options: { privacy_level_options: ['PUBLIC_TO_EVERYONE', 'SELF_ONLY'] } },
  instagram: {},
  facebook: {},
  youtube: {},
  x: {},
  linkedin: {},
  pinterest: { options: { boards: [{ id: 'b1', name: 'Board' }] } },
  threads: {},
  skool: { options: { groups: [{ id: 'g1', slug: 'g1', name: 'Group', labels_required: true }] } },
};

export async function fixture(
  t: TestApp,
  account: Record<string, unknown> = {},
  networks: Record<string, unknown> = ALL_NETWORKS,
): Promise<Fixture> {
  return accountWithProfile(t, networks, { plan: 'skilled', x_addon: true, ...account });
}

/** A library file straight in the table (the media area's import is not under test here); returns its id. */
export function addFile(t: TestApp, accountId: string, fields: Partial<MediaFileRecord> = {}): string {
  const record: MediaFileRecord = {
    fileId: randomUUID(),
    accountId,
    fileName: 'clip.mp4',
    type: 'video/mp4',
    kind: 'video',
    size: 1_000_000,
    status: 'ready',
    source: 'url_import',
    uploadedAt: t.services.clock.now().toISOString(),
    expiresAt: null,
    confirmBeforePosting: false,
    error: null,
    sha256: null,
    storagePath: null,
    ...fields,
  };
  t.services.repos.mediaFiles.insert(record);
  return record.fileId;
}

export function addImage(t: TestApp, accountId: string, fields: Partial<MediaFileRecord> = {}): string {
  return addFile(t, accountId, {
    fileName: 'photo.jpg',
    type: 'image/jpeg',
    kind: 'image',
    size: 200_000,
    ...fields,
  });
}

/**
 * Row counts of the tables a publish writes: a refusal leaves them as they were. Every limit counts
 * the post records, so an unchanged `post_records` also means nothing was counted.
 */
export function postingState(t: TestApp): Record<string, number> {
  const counts = tableCounts(t);
  return {
    post_records: counts['post_records'] ?? 0,
    scheduled_posts: counts['scheduled_posts'] ?? 0,
  };
}

export async function advance(t: TestApp, seconds: number): Promise<void> {
  const res = await t.admin('POST', '/clock', { advance_seconds: seconds });
  if (res.status !== 200) throw new Error(`clock: ${res.status} ${await res.text()}`);
}

export async function setClock(t: TestApp, now: string): Promise<void> {
  const res = await t.admin('POST', '/clock', { now });
  if (res.status !== 200) throw new Error(`clock: ${res.status} ${await res.text()}`);
}

/** Post records put straight in the table, to reach a limit without sending every post. */
export function seedPosts(
  t: TestApp,
  f: { accountId: string; profileId: string },
  count: number,
  fields: { platform?: string; status?: 'success' | 'failed'; at?: Date; hasLinks?: boolean } = {},
): void {
  const at = (fields.at ?? t.services.clock.now()).toISOString();
  for (let i = 0; i < count; i += 1) {
    t.services.repos.postRecords.insert(
      storedPostRecord(at, {
        id: randomUUID(),
        accountId: f.accountId,
        profileId: f.profileId,
        platform: (fields.platform ?? 'linkedin') as 'linkedin',
        status: fields.status ?? 'success',
        hasLinks: fields.hasLinks ?? false,
      }),
    );
  }
}
