import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCommand } from './helpers/run-node.js';

// A published package is read first on its registry page: the tarballs of the two libraries people
// install on their own carry a README, and its example uses names the package really exports.

describe.each([
  ['@socialpub/core', 'packages/core'],
  ['@socialpub/sdk', 'packages/sdk'],
])('the packed %s tarball', (name, folder) => {
  it('carries README.md (npm pack --dry-run)', async () => {
    const result = await runCommand(
      'npm',
      ['pack', '--dry-run', '--json', '--ignore-scripts', '--workspace', name],
      { npm_config_offline: 'true', npm_config_update_notifier: 'false' },
      { timeoutMs: 120_000 },
    );
    expect(result.code, result.stderr).toBe(0);
    const [packed] = JSON.parse(result.stdout) as { files: { path: string }[] }[];
    const files = packed?.files.map((file) => file.path) ?? [];
    expect(files).toContain('README.md');
    expect(files.some((file) => file.startsWith('dist/'))).toBe(true);
  }, 150_000);

  it('names in its README example only what the package exports', async () => {
    const readme = readFileSync(join(REPO_ROOT, folder, 'README.md'), 'utf8');
    const imported = /import \{([^}]+)\} from '([^']+)'/.exec(readme);
    expect(imported?.[2]).toBe(name);
    const exported = (await import(name)) as Record<string, unknown>;
    for (const binding of (imported?.[1] ?? '').split(',').map((part) => part.trim()))
      expect(exported[binding], `${name} exports ${binding}`).toBeDefined();
  });
});
