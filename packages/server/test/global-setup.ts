import { buildIsCurrent, buildWithoutDeclarations } from '../../../scripts/build-when-stale.mjs';

/**
 * The server's process tests run its built binary, as `npm start` and `npx socialpub-server` do: a
 * start from the TypeScript sources through tsx costs several times the CPU of a start from the
 * build. The browser tests need the composer's script, which only the build makes. `npm test` builds it before the tests; a targeted run builds it here when it is stale.
 */
export default function setup(): void {
  if (!buildIsCurrent('packages/server', ['dist/bin.js', 'dist/browser/composer.js'])) {
    buildWithoutDeclarations('packages/server', 'building the server for its process and browser tests...');
  }
}
