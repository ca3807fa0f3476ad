import { defineProject } from 'vitest/config';
import { IN_PROCESS_TIMEOUTS, OWN_PROJECT_TESTS } from '../../vitest.shared.js';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'core',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: OWN_PROJECT_TESTS,
    // Pure functions with no state between files: one module cache per worker saves a fresh import
    // of zod and the schemas for each of the fifty files.
    isolate: false,
    ...IN_PROCESS_TIMEOUTS,
  },
});
