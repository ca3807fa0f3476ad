import { defineProject } from 'vitest/config';
import { IN_PROCESS_TIMEOUTS, OWN_PROJECT_TESTS } from '../../vitest.shared.js';

// The tests that run the built binary are `*.process.test.ts`, in the root's `process` project.
export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'cli',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: OWN_PROJECT_TESTS,
    ...IN_PROCESS_TIMEOUTS,
  },
});
