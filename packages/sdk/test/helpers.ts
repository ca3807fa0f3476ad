import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { SocialPub } from '../src/index.js';

export const BASE = 'http://api.socialpub.test';
export const api = (path: string) => `${BASE}/api/v2${path}`;

/** One msw server per test file; handlers are added per test. */
export function useMockServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** A client whose pauses are recorded instead of slept. */
export function testClient(overrides: ConstructorParameters<typeof SocialPub>[0] = {}) {
  const sleeps: number[] = [];
  const client = new SocialPub({
    apiKey: 'sk_test',
    baseURL: BASE,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
    },
    ...overrides,
  });
  return { client, sleeps };
}
