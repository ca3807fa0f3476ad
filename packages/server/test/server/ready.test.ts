import { expect, it } from 'vitest';
import { operatorRoutes } from '../../src/routes/operator.js';
import { testApp } from '../helpers/test-app.js';

// GET /ready answers 200 only when the database answers (the media folder's half is in the
// end-to-end test/operator.test.ts, on a real data directory).

it('answers 503 naming the database once it no longer answers, while /health stays 200', async () => {
  const t = await testApp();
  // The readiness route on its own: with the database gone every other step of a request fails too.
  const routes = operatorRoutes(t.services, null);
  expect((await routes.request('/ready')).status).toBe(200);
  t.services.db.close();
  const notReady = await routes.request('/ready');
  expect(notReady.status).toBe(503);
  expect(JSON.stringify(await notReady.json())).toContain('the database does not answer');
  expect((await routes.request('/health')).status).toBe(200);
  await t.close().catch(() => undefined);
});
