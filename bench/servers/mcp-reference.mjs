// The reference server for the MCP section: the built app behind a real listener, with its real
// OAuth area (the section gets its tokens through sign-in, consent and the token endpoint).
// Virtual clock: the section moves it a minute per round so the 60-reads-a-minute limit applies to
// both sides alike. Prints one JSON line when ready.
import { serve } from '@hono/node-server';
import { createApp } from '@socialpub/server';

const socialpub = await createApp({ memory: true, clock: 'virtual', adminToken: 'bench-admin-token' });
const server = serve({ fetch: socialpub.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  const url = `http://127.0.0.1:${info.port}`;
  socialpub.services.urls.base = url;
  socialpub.services.urls.storage = url;
  process.stdout.write(`${JSON.stringify({ url })}\n`);
});
process.on('SIGTERM', () => server.close(() => socialpub.close().then(() => process.exit(0))));
