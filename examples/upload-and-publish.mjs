#!/usr/bin/env node
// Upload a local video through an upload link with the SDK, publish it to youtube, wait until done.
//
//   SOCIALPUB_API_KEY=... node examples/upload-and-publish.mjs ./video.mp4 --title "Launch" --privacy unlisted
//
// Options: --profile (UUID, @handle or name; default @demobrand), --title, --privacy (public,
// unlisted, private; default private), --poll-seconds (pause between status reads; default
// SOCIALPUB_POLL_SECONDS, else 30).
// Upload links need a paid plan; the demo account of `npm start` has one.
import { parseArgs } from 'node:util';
import { APIError, SocialPub } from '@socialpub/sdk';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    profile: { type: 'string', default: '@demobrand' },
    title: { type: 'string', default: 'Uploaded with the socialpub SDK' },
    privacy: { type: 'string', default: 'private' },
    'poll-seconds': { type: 'string' },
  },
});
const [file] = positionals;
if (!file) {
  console.error('Usage: node examples/upload-and-publish.mjs VIDEO [--title T] [--privacy unlisted]');
  process.exit(2);
}
const pollSeconds = values['poll-seconds'] === undefined ? undefined : Number(values['poll-seconds']);

// Reads SOCIALPUB_API_KEY, SOCIALPUB_BASE_URL (default http://127.0.0.1:8787) and SOCIALPUB_POLL_SECONDS.
const client = new SocialPub({ pollIntervalSeconds: pollSeconds });

async function main() {
  let lastPercent = -1;
  const ready = await client.media.upload(file, {
    onProgress: ({ bytesSent, bytesTotal }) => {
      const percent = Math.floor((bytesSent / bytesTotal) * 100);
      if (percent !== lastPercent) console.log(`upload ${percent}% (${bytesSent} of ${bytesTotal} bytes)`);
      lastPercent = percent;
    },
  });
  console.log(`Ready: file ${ready.file_id} (${ready.type}, ${ready.size} bytes)`);

  const outcome = await client.posts.create({
    accountId: values.profile,
    platform: 'youtube',
    content: { text: values.title, mediaID: [ready.file_id] },
    youtube: { title: values.title, privacyStatus: values.privacy },
  });
  switch (outcome.kind) {
    case 'published':
    case 'processing':
      console.log(`${outcome.kind}: post ${outcome.service?.post_id}`);
      break;
    default:
      // scheduled, queued, still_publishing, schedule_unconfirmed: nothing to wait for here.
      console.log(`${outcome.kind}: ${JSON.stringify(outcome.body)}`);
      return;
  }
  const postId = outcome.service?.post_id;
  if (!postId) return;
  const done = await client.posts.waitUntilDone(postId);
  console.log(`Done: ${done.status} ${done.permalink ?? ''}`.trim());
  if (done.status !== 'success') process.exitCode = 1;
}

main().catch((error) => {
  if (error instanceof APIError) console.error(`Error ${error.code ?? error.status}: ${error.message}`);
  else console.error(`Error: ${error.message}`);
  process.exit(1);
});
