import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/http/context.js';
import { Pipeline } from '../../src/http/pipeline.js';
import { pipelineSteps } from '../../src/http/pipeline-steps.js';
import { OPEN_NEEDS } from '../../src/http/route-needs.js';
import { type TestApp, testApp } from '../helpers/test-app.js';

// The app's entry (http/pipeline-dispatch.ts) calls each address's compiled handler itself: what
// Hono's dispatch did around it (HEAD as GET, the first registered route of overlapping patterns,
// the error handler for a throw or a rejection, the not-found answer) must stay as it was.

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

/** What the chained route's handler answered, to compare with what the entry gives back. */
let chainedAnswer: Response | undefined;

function build(): Hono<AppEnv> {
  const pipeline = new Pipeline(pipelineSteps(t.services)).area('/t/', OPEN_NEEDS);
  pipeline.mount(
    '/t',
    new Hono<AppEnv>()
      .get('/text', (c) => c.text('at once'))
      .get(
        '/chained',
        // A middleware that only passes the request on (as /mcp's CORS does for an app's call).
        async (_c, next) => {
          await next();
        },
        (c) => {
          chainedAnswer = c.text('chained');
          return chainedAnswer;
        },
      )
      .get('/later', async (c) => {
        await new Promise((resolve) => setImmediate(resolve));
        return c.text('later');
      })
      .get('/item/special', (c) => c.text('the first registered'))
      .get('/item/:id', (c) => c.text(`item ${c.req.param('id')}`))
      .get('/throws', () => {
        throw new Error('thrown at once');
      })
      .get('/rejects', async () => {
        await new Promise((resolve) => setImmediate(resolve));
        throw new Error('thrown later');
      }),
  );
  return pipeline.build();
}

describe('the pipeline entry', () => {
  it('answers a route that answers at once in the same turn, and one that awaits with its promise', async () => {
    const app = build();
    const atOnce = app.fetch(new Request('http://localhost/t/text'));
    expect(atOnce).toBeInstanceOf(Response);
    expect(await (atOnce as Response).text()).toBe('at once');
    const later = app.fetch(new Request('http://localhost/t/later'));
    expect(later).toBeInstanceOf(Promise);
    expect(await (await later).text()).toBe('later');
  });

  it("gives back a chain's answer as made, not rebuilt from its body", async () => {
    const app = build();
    const res = await app.fetch(new Request('http://localhost/t/chained'));
    expect(res).toBe(chainedAnswer);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('chained');
  });

  it('answers HEAD as the GET without its body, and a method the address does not take as before', async () => {
    const app = build();
    const head = await app.request('/t/text', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(head.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await head.text()).toBe('');
    expect((await app.request('/t/later', { method: 'HEAD' })).status).toBe(200);
    expect((await app.request('/t/text', { method: 'POST' })).status).toBe(404);
  });

  it('takes the first registered of two routes whose patterns both match', async () => {
    const app = build();
    expect(await (await app.request('/t/item/special')).text()).toBe('the first registered');
    expect(await (await app.request('/t/item/7')).text()).toBe('item 7');
  });

  it('answers a throw and a rejection with the error handler, and logs both', async () => {
    const app = build();
    const quiet = console.error;
    console.error = () => {};
    try {
      for (const path of ['/t/throws', '/t/rejects']) {
        const res = await app.request(path);
        expect(res.status, path).toBe(500);
        expect(((await res.json()) as { error: { code: string } }).error.code, path).toBe('server_error');
      }
    } finally {
      console.error = quiet;
    }
    const rows = (
      (await (await t.admin('GET', '/requests?limit=5')).json()) as {
        data: { path: string; status: number }[];
      }
    ).data;
    expect(rows.slice(0, 2).map((r) => [r.path, r.status])).toEqual([
      ['/t/rejects', 500],
      ['/t/throws', 500],
    ]);
  });

  it('answers an address no route takes with the not-found answer, through the steps', async () => {
    const res = await build().request('/t/nowhere');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
