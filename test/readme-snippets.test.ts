import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/run-node.js';

/** The first code block of `lang` under a README heading. */
function readmeBlock(section: string, lang: string): string {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`## ${section}\n`);
  expect(start, `README section "${section}"`).toBeGreaterThanOrEqual(0);
  const match = new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(readme.slice(start));
  return match?.[1] ?? '';
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'socialpub-readme-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('README SDK quick start', () => {
  it('type-checks as JavaScript against the SDK with no unused variable', async () => {
    // The block runs as written in a .mjs file (test/sdk-quick-start.process.test.ts runs it); here
    // TypeScript checks it against the SDK's types as a JavaScript module.
    const file = join(folder, 'sdk-quick-start.mjs');
    await writeFile(file, `${readmeBlock('SDK quick start', 'js')}\nexport {};\n`);
    const program = ts.createProgram([file], {
      allowJs: true,
      checkJs: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      customConditions: ['source'],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      noUnusedLocals: true,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: ['node'],
      typeRoots: [join(REPO_ROOT, 'node_modules/@types')],
      baseUrl: REPO_ROOT,
      paths: {
        '@socialpub/sdk': ['packages/sdk/src/index.ts'],
        '@socialpub/core': ['packages/core/src/index.ts'],
      },
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((diagnostic) => diagnostic.file?.fileName === file)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 120_000);
});
