// Bare Hono (bare-hello.mjs) on the port PORT names, for bench/compare/start.mjs: the start is timed to its first answer.
import './probe.mjs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/', (c) => c.json({ hello: 'world' }));
// The baseline of a JSON POST (the dry run's): the body parsed, a small JSON answer.
app.post('/', async (c) => {
  const body = await c.req.json();
  return c.json({ received: typeof body === 'object' && body !== null });
});
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT) }, (info) => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${info.port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
