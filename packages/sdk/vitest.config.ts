import { defineProject } from 'vitest/config';
import { IN_PROCESS_TIMEOUTS, OWN_PROJECT_TESTS } from '../../vitest.shared.js';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'sdk',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: OWN_PROJECT_TESTS,
    ...IN_PROCESS_TIMEOUTS,
  },
});
