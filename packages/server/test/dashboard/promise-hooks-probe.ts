// Run as its own process (page-render-promise-hooks.process.test.ts): promise hooks, once on, stay on
// for the life of a process, so only a fresh one can tell whether a page render turned them on.
// Prints one JSON line.
import { AsyncLocalStorage, executionAsyncId } from 'node:async_hooks';
import { createApp } from '../../src/app.js';

/** 0 while promise hooks are off: a promise reaction then runs with no async id of its own. */
const promiseReactionId = () =>
  new Promise<number>((resolve) =>
    setImmediate(() => Promise.resolve().then(() => resolve(executionAsyncId()))),
  );

const app = await createApp({ memory: true, clock: 'virtual', adminToken: 'probe-admin-token' });
const before = await promiseReactionId();
const pages: { path: string; status: number; html: boolean }[] = [];
for (const path of ['/dashboard/sign-in', '/dashboard/sign-up', '/dashboard/no-such-page']) {
  const res = await app.app.request(path, { headers: { accept: 'text/html' } });
  const text = await res.text();
  pages.push({ path, status: res.status, html: text.includes('<head>') && text.includes('</html>') });
}
const afterPages = await promiseReactionId();
// The control: an AsyncLocalStorage run here must turn them on, or the probe proves nothing.
new AsyncLocalStorage().run(1, () => undefined);
const afterControl = await promiseReactionId();
await app.close();
process.stdout.write(`${JSON.stringify({ before, pages, afterPages, afterControl })}\n`);
