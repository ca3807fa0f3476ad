#!/usr/bin/env node
// A CI test on a test clock of its own: an isolated account, a post scheduled for tomorrow, a day
// passed on that account's clock only, the outcome checked, everything deleted. Other pipelines
// sharing the server are not touched. README "Test clocks" shows these lines.
//
//   SOCIALPUB_ADMIN_TOKEN=... SOCIALPUB_BASE_URL=http://127.0.0.1:8787 node examples/test-clock-ci.mjs

// ci-test:start
import assert from 'node:assert/strict';
import { SocialPub, SocialPubAdmin } from '@socialpub/sdk';

const admin = new SocialPubAdmin(); // SOCIALPUB_ADMIN_TOKEN and SOCIALPUB_BASE_URL
const clock = await admin.clocks.create({ now: '2030-01-01T09:00:00Z', name: 'ci' });
const account = await admin.accounts.create({ clock_id: clock.clock_id });
const { api_key } = await admin.keys.create(account.account_id);
const profile = await admin.profiles.create(account.account_id, { name: 'CI brand' });
await admin.networks.connect(profile.profile_id, 'linkedin');

const client = new SocialPub({ apiKey: api_key, baseURL: admin.baseURL });
const post = { accountId: profile.profile_id, platform: 'linkedin', content: { text: 'Tomorrow' } };
const saved = await client.posts.create({ ...post, scheduledFor: '2030-01-02T09:00:00Z' });
await admin.clocks.advance(clock.clock_id, 86_400); // a day passes for this account only
assert.equal((await client.posts.retrieve(saved.service.scheduled_post_id)).status, 'published');
await admin.clocks.delete(clock.clock_id); // the clock, its account and its posts are gone
// ci-test:end
console.log(
  `ok: scheduled post ${saved.service.scheduled_post_id} published on test clock ${clock.clock_id}`,
);
