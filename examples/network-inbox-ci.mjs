#!/usr/bin/env node
// A CI test that asserts on what the network received (the network inbox): an account on a test
// clock of its own schedules a post with an image for linkedin, the clock moves an hour, and the
// delivery shows the exact text and image that reached linkedin. docs/network-inbox.md shows these
// lines; the end-to-end tests run this file.
//
//   SOCIALPUB_ADMIN_TOKEN=... SOCIALPUB_BASE_URL=http://127.0.0.1:8787 node examples/network-inbox-ci.mjs

/** A 1×1 PNG, so the example needs no file beside it. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

// ci-test:start
import assert from 'node:assert/strict';
import { SocialPub, SocialPubAdmin } from '@socialpub/sdk';

const admin = new SocialPubAdmin(); // SOCIALPUB_ADMIN_TOKEN and SOCIALPUB_BASE_URL
const clock = await admin.clocks.create({ now: '2030-01-01T09:00:00Z', name: 'inbox-ci' });
const account = await admin.accounts.create({ clock_id: clock.clock_id });
const { api_key } = await admin.keys.create(account.account_id);
const profile = await admin.profiles.create(account.account_id, { name: 'CI brand' });
await admin.networks.connect(profile.profile_id, 'linkedin');
const image = await admin.accounts.addMedia(account.account_id, {
  file_name: 'open.png',
  content_base64: PNG,
});

const client = new SocialPub({ apiKey: api_key, baseURL: admin.baseUrl });
const text = 'We open on Monday at 9';
const content = { text, mediaID: [image.file_id] };
await client.posts.create({
  accountId: profile.profile_id,
  platform: 'linkedin',
  content,
  scheduledFor: '2030-01-01T10:00:00Z',
});
await admin.clocks.advance(clock.clock_id, 3600); // the scheduler sends it on this clock only

const inbox = await admin.deliveries.list(account.account_id, { platform: 'linkedin' });
assert.equal(inbox.data.length, 1);
const [delivery] = inbox.data;
assert.equal(delivery.text, text); // this exact text ...
assert.deepEqual(
  delivery.media.map((file) => [file.file_id, file.type]),
  [[image.file_id, 'image/png']],
); // ... and this image
await admin.clocks.delete(clock.clock_id); // the clock, its account, posts and deliveries are gone
// ci-test:end
console.log(`ok: ${delivery.id} reached linkedin on test clock ${clock.clock_id}`);
