import { readFile } from 'node:fs/promises';

/**
 * Where the build puts the composer's script (tsup.config.ts, `buildComposerScript`): beside the
 * server's bundle when it runs from `dist/`, or in the package's `dist/` when it runs from its
 * sources (tests, tsx).
 */
const BUILT = [
  new URL('./browser/composer.js', import.meta.url),
  new URL('../../../dist/browser/composer.js', import.meta.url),
];

let loaded: Promise<string | null> | undefined;

/** The built composer script, read once; null when the package was not built (the page works without it). */
export function composerScript(): Promise<string | null> {
  loaded ??= (async () => {
    for (const candidate of BUILT) {
      try {
        return await readFile(candidate, 'utf8');
      } catch {
        // Not there: the other place, or not built.
      }
    }
    return null;
  })();
  return loaded;
}
