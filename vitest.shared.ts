/**
 * Test files that spawn processes (`*.process.test.ts`) or drive Chromium (`*.browser.test.ts`) run
 * in their own projects (vitest.config.ts), with their own timeouts and worker counts; every other
 * project leaves them out.
 */
export const PROCESS_TESTS = '**/*.process.test.ts';
export const BROWSER_TESTS = '**/*.browser.test.ts';
export const OWN_PROJECT_TESTS = [PROCESS_TESTS, BROWSER_TESTS, '**/node_modules/**'];

/**
 * Every in-process project's test and hook timeout. Property tests run hundreds of cases and some
 * tests build many apps or large tables; on two cores shared with other work, 5 s is not enough.
 */
export const IN_PROCESS_TIMEOUTS = { testTimeout: 30_000, hookTimeout: 30_000 } as const;
