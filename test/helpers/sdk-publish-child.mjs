// The SDK as a member's CI script uses it, in a process of its own (so NODE_EXTRA_CA_CERTS applies):
// publishes PUBLISH_TEXT to PUBLISH_PROFILE on linkedin at SOCIALPUB_BASE_URL and
// prints the outcome as one JSON line.
import { SocialPub } from '@socialpub/sdk';

const client = new SocialPub({
  apiKey: process.env.SOCIALPUB_API_KEY,
  baseURL: process.env.SOCIALPUB_BASE_URL,
});
const outcome = await client.posts.create({
  accountId: process.env.PUBLISH_PROFILE,
  platform: 'linkedin',
  content: { text: process.env.PUBLISH_TEXT },
});
console.log(JSON.stringify({ kind: outcome.kind, body: outcome.body }));
