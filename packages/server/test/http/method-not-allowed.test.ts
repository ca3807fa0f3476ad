import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
let f: Fixture;

beforeEach(async () => {
  t = await testApp();
  f = await accountWithProfile(t);
});
afterEach(() => t.close());

const ID = '00000000-0000-4000-8000-000000000000';

// Every API address with the methods it takes, as the API document names them: the 405s are derived
// from the registered routes, so this table is what they must keep answering.
describe('405 answers derived from the registered routes', () => {
  it.each([
    ['/api/v2/accounts', 'GET, OPTIONS'],
    [`/api/v2/accounts/${ID}/options`, 'GET, OPTIONS'],
    ['/api/v2/posts', 'GET, POST'],
    [`/api/v2/posts/${ID}`, 'GET, DELETE'],
    ['/api/v2/media', 'GET, POST'],
    ['/api/v2/media/files', 'GET'],
    ['/api/v2/media/uploads', 'POST'],
    [`/api/v2/media/uploads/${ID}`, 'DELETE'],
    [`/api/v2/media/uploads/${ID}/token`, 'POST'],
    [`/api/v2/media/uploads/${ID}/complete`, 'POST'],
    ['/legacy/posts', 'POST'],
    [`/legacy/posts/${ID}`, 'DELETE'],
    ['/legacy/media', 'POST'],
  ])('answers PUT %s with 405 and Allow: %s', async (path, allow) => {
    const res = await t.api('PUT', path, f.apiKey);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
  });

  it.each([
    ['/api/v2/accounts', 204, 'GET, OPTIONS'],
    [`/api/v2/accounts/${ID}/options`, 204, 'GET, OPTIONS'],
    ['/api/v2/media/files', 405, 'GET'],
    ['/api/v2/posts', 405, 'GET, POST'],
  ])('answers OPTIONS %s with %s and Allow: %s', async (path, status, allow) => {
    const res = await t.api('OPTIONS', path, f.apiKey);
    expect(res.status).toBe(status);
    expect(res.headers.get('allow')).toBe(allow);
  });

  it('answers an address no route has with 404 not_found, not 405', async () => {
    const res = await t.api('PUT', '/api/v2/posts/a/b/c', f.apiKey);
    expect(res.status).toBe(404);
    expect(res.headers.get('allow')).toBeNull();
  });
});
