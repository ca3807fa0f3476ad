import { buildIsCurrent, buildWithoutDeclarations } from '../../../scripts/build-when-stale.mjs';

/**
 * The CLI's process tests run its built binary. `npm test` builds it before the tests; a targeted
 * run (`npx vitest run --project process ...`) builds it here when it is missing or stale.
 */
export default function setup(): void {
  if (!buildIsCurrent('packages/cli', ['dist/bin.js'])) {
    buildWithoutDeclarations('packages/cli', 'building the CLI for its process tests...');
  }
}
