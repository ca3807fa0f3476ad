import type { StoredPostRecord } from '../../src/db/post-records-repo.js';

/** A post record of account `acc-1`, profile `prof-1` on x, successful at `at`; `fields` change any part. */
export function storedPostRecord(at: string, fields: Partial<StoredPostRecord> = {}): StoredPostRecord {
  return {
    id: 'post-1',
    accountId: 'acc-1',
    profileId: 'prof-1',
    platform: 'x',
    status: 'success',
    mediaType: 'text',
    publishId: null,
    permalink: null,
    errorMessage: null,
    at,
    updatedAt: at,
    scheduledPostId: null,
    notices: [],
    hasLinks: false,
    ...fields,
  };
}
