#!/usr/bin/env node
// The Social Publishing API v2 with nothing but fetch (Node.js 20+, no dependencies):
// list profiles, publish to x, schedule a linkedin post two hours ahead, list posts, cancel it.
//
//   SOCIALPUB_API_KEY=... node examples/publish-with-fetch.mjs
//
// SOCIALPUB_BASE_URL defaults to the reference server of `npm start`. Exits 1 with the API's error
// code on the first refusal.

const apiKey = process.env.SOCIALPUB_API_KEY;
const baseUrl = (process.env.SOCIALPUB_BASE_URL || 'http://127.0.0.1:8787').replace(/\/+$/, '');

class ApiRefusal extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** One API call; every refusal carries `error.code` (the media import's plain-string errors aside). */
async function api(method, path, body, headers = {}) {
  const response = await fetch(`${baseUrl}/api/v2${path}`, {
    method,
    headers: {
      authorization: `Bearer ${apiKey}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    // A publish answer can take about 25 seconds; give it more.
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  const answer = text === '' ? {} : JSON.parse(text);
  if (!response.ok) {
    const error = answer.error;
    const code = typeof error === 'object' && error !== null ? error.code : answer.code;
    const message = typeof error === 'object' && error !== null ? error.message : String(error ?? text);
    throw new ApiRefusal(response.status, code ?? `http_${response.status}`, message);
  }
  return { status: response.status, body: answer };
}

async function main() {
  if (!apiKey)
    throw new ApiRefusal(0, 'missing_api_key', 'Set SOCIALPUB_API_KEY (printed on the first `npm start`).');

  const { body: accounts } = await api('GET', '/accounts');
  console.log(`Profiles on ${baseUrl}:`);
  for (const profile of accounts.data) {
    const networks = profile.networks.map((network) => `${network.platform} (${network.health})`).join(', ');
    console.log(`  ${profile.profile_name} ${profile.handle} ${profile.profile_id}: ${networks}`);
  }
  const profile = accounts.data.find((p) => p.handle === '@demobrand') ?? accounts.data[0];
  if (!profile) throw new ApiRefusal(0, 'no_profiles', 'The account has no profiles.');

  // An Idempotency-Key makes a resend after a lost answer safe: the first answer is replayed.
  const published = await api(
    'POST',
    '/posts',
    {
      post: {
        accountId: profile.profile_id,
        platform: 'x',
        content: { text: `Hello from fetch at ${new Date().toISOString()}` },
      },
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
  console.log(
    `Published to x: post ${published.body.service.post_id} ${published.body.data.permalink ?? ''}`.trim(),
  );

  const scheduledFor = new Date(Date.now() + 2 * 3600_000).toISOString();
  const scheduled = await api(
    'POST',
    '/posts',
    {
      post: {
        accountId: profile.profile_id,
        platform: 'linkedin',
        // LinkedIn refuses a duplicate of an earlier post: a new text each run.
        content: { text: `Scheduled from fetch at ${new Date().toISOString()}` },
        scheduledFor,
      },
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
  const scheduledPostId = scheduled.body.scheduled_post_id;
  console.log(
    `Scheduled on linkedin for ${scheduled.body.scheduled_at}: ${scheduledPostId} (${scheduled.status} ${scheduled.body.code})`,
  );

  const { body: page } = await api('GET', '/posts?limit=10');
  console.log('Latest posts:');
  for (const item of page.data) {
    const where = item.kind === 'post' ? item.platform : item.platforms.join(',');
    console.log(`  ${item.at}  ${item.kind.padEnd(14)} ${where.padEnd(10)} ${item.status}  ${item.id}`);
  }

  const { body: cancelled } = await api('DELETE', `/posts/${scheduledPostId}`);
  console.log(`Cancelled ${cancelled.data.scheduled_post_id}: ${cancelled.data.status}`);
}

main().catch((error) => {
  if (error instanceof ApiRefusal) {
    console.error(`Error ${error.code}${error.status ? ` (HTTP ${error.status})` : ''}: ${error.message}`);
  } else {
    console.error(`Error connection_failed: ${error.message} (is the server running at ${baseUrl}?)`);
  }
  process.exit(1);
});
