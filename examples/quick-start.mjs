// @ts-check
// The README's SDK quick start, line for line between the markers (test/readme-snippets.test.ts
// holds them equal), so `npm run typecheck` checks it against the SDK's types as JavaScript.
// It uploads ./video.mp4 from the folder it runs in:
//
//   SOCIALPUB_API_KEY=... node examples/quick-start.mjs

// quick-start:start
import { SocialPub } from '@socialpub/sdk';

// Reads SOCIALPUB_API_KEY and SOCIALPUB_BASE_URL (default http://127.0.0.1:8787) when not given.
const client = new SocialPub({
  // A throttled post waits the 20 seconds the service asks for: say so instead of sitting silent.
  onRetry: (e) => console.error(`${e.error.message}: sending again in ${e.waitSeconds} s`),
});

const { data: profiles } = await client.accounts.list();
console.log(profiles.map((profile) => `${profile.handle} ${profile.networks.length} networks`));
const outcome = await client.posts.create({
  accountId: '@demobrand',
  platform: 'linkedin',
  // LinkedIn refuses a duplicate of an earlier post, and so does the sandbox: a new text each run.
  content: { text: `Hello from the SDK at ${new Date().toISOString()}` },
});
console.log(outcome.kind, outcome.service?.status_url); // published, scheduled, queued, ...

const file = await client.media.upload('./video.mp4', {
  onProgress: (p) => console.log(`${p.bytesSent} of ${p.bytesTotal} bytes`),
});
const video = await client.posts.create({
  accountId: '@demobrand',
  platform: 'youtube',
  content: { text: 'Launch', mediaID: [file.file_id] },
  youtube: { title: 'Launch', privacyStatus: 'unlisted' },
});
const postId = video.service?.post_id; // youtube answers 202 processing: poll, never resend
if (postId) console.log((await client.posts.waitUntilDone(postId)).status);

for await (const post of client.posts.list({ limit: 50 })) console.log(post.kind, post.status);
// quick-start:end
