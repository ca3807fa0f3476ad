import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An empty folder of this run, where the first test file that needs the packed tarballs makes them. */
    packsFolder: string;
  }
}

/**
 * The files that install the packed SDK, CLI and connector share one `npm run pack` (a build with
 * type declarations, minutes on a busy machine): made on first need in this run's folder, which
 * goes when the run ends. Nothing is built here, so a run that needs no tarball pays nothing.
 */
export default function setup(project: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'socialpub-packs-'));
  project.provide('packsFolder', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
