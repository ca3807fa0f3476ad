// The reference server for the MCP section: the built app behind a real listener, with an access
// token verifier standing in for the oauth area (a signed-in app's token names its account), so
// the section needs no browser sign-in. Virtual clock: the section moves it a minute per round so
// the 60-reads-a-minute limit applies to both sides alike. Prints one JSON line when ready.
import { randomBytes } from 'node:crypto';
import { serve } from '@hono/node-server';
import { createApp } from '@socialpub/server';

const secret = randomBytes(16).toString('hex');
const prefix = `bench-grant.${secret}.`;
const accessTokens = {
  verify(token) {
    if (!token.startsWith(prefix)) return null;
    const accountId = token.slice(prefix.length);
    return {
      kind: 'grant',
      accountId,
      grantId: `bench-${accountId}`,
      clientId: 'bench',
      scopes: ['socialpub:post'],
    };
  },
};
const socialpub = await createApp({
  memory: true,
  clock: 'virtual',
  adminToken: 'bench-admin-token',
  accessTokens,
});
const server = serve({ fetch: socialpub.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  const url = `http://127.0.0.1:${info.port}`;
  socialpub.services.urls.base = url;
  socialpub.services.urls.storage = url;
  process.stdout.write(`${JSON.stringify({ url, tokenPrefix: prefix })}\n`);
});
process.on('SIGTERM', () => server.close(() => socialpub.close().then(() => process.exit(0))));
