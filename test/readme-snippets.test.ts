import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/run-node.js';

/** The first code block of `lang` under a README heading. */
function readmeBlock(section: string, lang: string): string {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`## ${section}\n`);
  expect(start, `README section "${section}"`).toBeGreaterThanOrEqual(0);
  const match = new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(readme.slice(start));
  return match?.[1] ?? '';
}

describe('README SDK quick start', () => {
  it('is examples/quick-start.mjs line for line, which the type check checks as JavaScript', () => {
    // The block runs as written in a .mjs file (test/installed-sdk.process.test.ts runs it);
    // `npm run typecheck` checks the example against the SDK's types (tsconfig.typecheck.json,
    // `// @ts-check`) and Biome refuses an unused variable in it (biome.json).
    const example = readFileSync(join(REPO_ROOT, 'examples/quick-start.mjs'), 'utf8');
    expect(example.startsWith('// @ts-check\n')).toBe(true);
    const kept = /\/\/ quick-start:start\n([\s\S]*?)\/\/ quick-start:end/.exec(example)?.[1];
    const block = readmeBlock('SDK quick start', 'js');
    expect(block.split('\n').length).toBeGreaterThan(20);
    expect(kept).toBe(block);
    const typecheck = JSON.parse(readFileSync(join(REPO_ROOT, 'tsconfig.typecheck.json'), 'utf8'));
    expect(typecheck.include).toContain('examples/quick-start.mjs');
  });
});
