import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The two pages a newcomer reads first stay short enough to read: the architecture in one sitting,
// the performance page as the aims and their latest figures, with the history left to git.
const ROOT = resolve(import.meta.dirname, '..');
const MOST_LINES: Record<string, number> = {
  'docs/architecture.md': 250,
  'docs/performance.md': 300,
};

describe.each(Object.entries(MOST_LINES))('%s', (page, most) => {
  it(`has at most ${most} lines`, () => {
    const lines = readFileSync(join(ROOT, page), 'utf8').trimEnd().split('\n').length;
    expect(
      lines,
      `${page} has ${lines} lines; fold or remove text to keep it at ${most}`,
    ).toBeLessThanOrEqual(most);
  });
});
