import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { printLine } from '../lib/report.mjs';
import { median, timeNode } from '../lib/stats.mjs';
import { recordAim } from '../lib/summary.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const CLI_BIN = here('../../packages/cli/dist/bin.js');
const SDK_ENTRY = here('../../packages/sdk/src/index.ts');
const RUNS = 15;

/** Start time of `socialpub --version` and `--help` against `node -e 0`, interleaved to share the noise. */
async function startTimes(env) {
  const cases = {
    'node -e 0': ['-e', '0'],
    'socialpub --version': [CLI_BIN, '--version'],
    'socialpub --help': [CLI_BIN, '--help'],
  };
  const times = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const [name, args] of Object.entries(cases)) times[name].push(await timeNode(args, env));
  }
  return Object.fromEntries(Object.entries(times).map(([name, runs]) => [name, median(runs)]));
}

/**
 * The SDK's browser bundle without the uploader: the main entry loads the uploader lazily
 * (`import('../upload/upload-media.js')`), so with code splitting the uploader is its own chunk and
 * what a page loads up front is the entry plus the chunks it imports statically. Minified, gzipped.
 */
async function browserBundle() {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [SDK_ENTRY],
    bundle: true,
    minify: true,
    splitting: true,
    platform: 'browser',
    format: 'esm',
    conditions: ['source'],
    // Only the lazily loaded uploader reads files through node: modules; a browser never loads them.
    external: ['node:*'],
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const files = new Map(
    result.outputFiles.map((f) => [f.path.slice(f.path.lastIndexOf('/out/') + 1), f.contents]),
  );
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((name) => outputs[name].entryPoint !== undefined);
  const upFront = new Set([entry]);
  for (const name of upFront) {
    for (const imported of outputs[name].imports) {
      if (imported.kind === 'import-statement' && !imported.external) upFront.add(imported.path);
    }
  }
  let minified = 0;
  let gzipped = 0;
  const byPackage = {};
  for (const name of upFront) {
    const code = files.get(name) ?? new Uint8Array();
    minified += code.byteLength;
    gzipped += gzipSync(code).byteLength;
    for (const [path, { bytesInOutput }] of Object.entries(outputs[name].inputs)) {
      const pkg =
        /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? path.split('/').slice(0, 2).join('/');
      byPackage[pkg] = (byPackage[pkg] ?? 0) + bytesInOutput;
    }
  }
  const lazyGzipped = [...files]
    .filter(([name]) => !upFront.has(name) && name.endsWith('.js'))
    .reduce((sum, [, code]) => sum + gzipSync(code).byteLength, 0);
  const largest = Object.entries(byPackage)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([pkg, bytes]) => `${pkg} ${(bytes / 1024).toFixed(0)} KB`);
  return { minified, gzipped, lazyGzipped, largest };
}

/**
 * The CLI's aims: CLI start (--version, --help) <= 1.4x a bare `node -e 0`; the SDK's browser bundle
 * without the uploader < 25 KB gzipped. `socialpub media upload` against curl is the uploaders
 * section (interleaved rounds, the served Node uploader beside them).
 */
export async function benchCli() {
  if (!existsSync(CLI_BIN)) {
    printLine('cli', `skipped: ${CLI_BIN} is not built (npm run build)`);
    recordAim('cli', 'cli section', 'skipped: CLI not built', null);
    return null;
  }
  const configDir = mkdtempSync(join(tmpdir(), 'socialpub-bench-cli-'));
  const env = { SOCIALPUB_CONFIG_DIR: configDir, NO_COLOR: '1' };
  try {
    const starts = await startTimes(env);
    const bare = starts['node -e 0'];
    printLine(`node -e 0 (baseline, median of ${RUNS})`, `${bare.toFixed(0)} ms`);
    for (const name of ['socialpub --version', 'socialpub --help']) {
      const ratio = starts[name] / bare;
      printLine(
        `${name} (median of ${RUNS})`,
        `${starts[name].toFixed(0)} ms  | ${ratio.toFixed(2)}x node -e 0 (aim <= 1.4x)`,
      );
      recordAim(
        'cli',
        `${name} <= 1.4x node -e 0`,
        `${ratio.toFixed(2)}x (${starts[name].toFixed(0)} vs ${bare.toFixed(0)} ms)`,
        ratio <= 1.4,
      );
    }

    const bundle = await browserBundle();
    const kb = bundle.gzipped / 1024;
    printLine(
      'SDK browser bundle, no uploader',
      `${kb.toFixed(1)} KB gzipped (${(bundle.minified / 1024).toFixed(0)} KB minified; aim < 25 KB)`,
    );
    printLine('', `largest parts (minified): ${bundle.largest.join(', ')}`);
    printLine(
      '',
      `the lazily loaded uploader chunks add ${(bundle.lazyGzipped / 1024).toFixed(1)} KB gzipped when used`,
    );
    recordAim('cli', 'SDK browser bundle < 25 KB gzip', `${kb.toFixed(1)} KB`, kb < 25);
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
}
