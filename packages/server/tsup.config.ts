import { readFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { parse } from 'acorn';
import { build, defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];
type TsupPlugin = NonNullable<Options['plugins']>[number];

/**
 * zod's table of locales (some eighty languages' error texts, a sixth of the bundle's source) comes
 * along with the `z` namespace; the server never selects one, so only English, zod's default, is
 * bundled: less JavaScript to parse at start.
 */
const englishZodLocaleOnly: EsbuildPlugin = {
  name: 'english-zod-locale-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]/.test(args.importer)
        ? { path: join(dirname(args.importer), '../locales'), namespace: 'zod-locales' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from './en.js';`,
      resolveDir: args.path,
      loader: 'js',
    }));
  },
};

const OWN_SOURCES = resolve('src') + sep;
const LIBRARY_ENTRY = resolve('src/index.ts');

/**
 * The areas the server imports at their first request (an `import()` of its own modules: the
 * dashboard, the admin API, OAuth, the documents, the MCP side) each import the library entry as
 * well, which the running server has loaded by then. Every module the start loads is then shared by
 * the same entry points and lands in one chunk, instead of one chunk per combination of areas that
 * shares it: Node's loader spends about half a millisecond of CPU on each file it loads.
 */
const startInOneChunk: EsbuildPlugin = {
  name: 'start-in-one-chunk',
  setup(build) {
    const areas = new Set<string>();
    build.onResolve({ filter: /^\./ }, async (args) => {
      if (args.kind !== 'dynamic-import' || !args.importer.startsWith(OWN_SOURCES) || args.pluginData) {
        return undefined;
      }
      const found = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolved once',
      });
      if (found.errors.length === 0) areas.add(found.path);
      return found;
    });
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (!areas.has(args.path)) return undefined;
      const source = await readFile(args.path, 'utf8');
      return {
        contents: `import ${JSON.stringify(LIBRARY_ENTRY)};\n${source}`,
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        resolveDir: dirname(args.path),
      };
    });
  },
};

/**
 * esbuild writes strings as ASCII but keeps the comments it carries over as they were, and one
 * non-ASCII character anywhere makes Node decode the whole file into a two-byte string, which V8
 * then compiles: twice the bytes for the start chunk, decoded and scanned at every start. Such
 * characters inside comments are written as `\u` escapes (the comment still reads the same).
 */
const NOT_ASCII = /[\u0080-\uffff]/;
const asciiComments: TsupPlugin = {
  name: 'ascii-comments',
  renderChunk(code) {
    // Only a file that is not ASCII already is parsed.
    if (!NOT_ASCII.test(code)) return undefined;
    const comments: Array<[number, number]> = [];
    parse(code, {
      ecmaVersion: 'latest',
      sourceType: 'module',
      onComment: (_block, _text, start, end) => {
        comments.push([start, end]);
      },
    });
    let out = '';
    let done = 0;
    for (const [start, end] of comments) {
      const comment = code.slice(start, end);
      if (!NOT_ASCII.test(comment)) continue;
      out += code.slice(done, start);
      out += comment.replace(
        /[\u0080-\uffff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
      done = end;
    }
    return done === 0 ? undefined : { code: out + code.slice(done) };
  },
};

/**
 * The dashboard composer's script for browsers (`dist/browser/composer.js`): core's own counting,
 * twitter-text included, bundled once at build time and served from our origin (the page's CSP
 * allows scripts from 'self' only). Built after the server, so the server's `clean` cannot race it.
 */
async function buildComposerScript(): Promise<void> {
  await build({
    config: false,
    entry: { composer: 'src/dashboard/assets/composer-entry.ts' },
    outDir: 'dist/browser',
    format: ['iife'],
    platform: 'browser',
    target: 'es2022',
    minify: true,
    clean: false,
    dts: false,
    silent: true,
    noExternal: [/.*/],
    outExtension: () => ({ js: '.js' }),
    esbuildOptions(options) {
      options.conditions = ['source'];
    },
  });
}

export default defineConfig({
  entry: ['src/index.ts', 'src/bin.ts'],
  format: ['esm'],
  dts: { entry: 'src/index.ts' },
  tsconfig: '../../tsconfig.build.json',
  sourcemap: true,
  clean: true,
  target: 'node20',
  // Native modules load from node_modules at run time; bundling them breaks their .node binaries.
  external: ['better-sqlite3', 'sharp'],
  // Our packages come from their sources (the `source` export condition), bundled with zod and hono:
  // one copy of each in the process, no sibling build needed first, and a few large files read at
  // start instead of some 150 modules resolved and loaded one by one.
  noExternal: [
    '@socialpub/core',
    '@socialpub/mcp',
    '@socialpub/sdk',
    'zod',
    /^hono(\/|$)/,
    '@hono/node-server',
    'ipaddr.js',
    // X's counting package: bundled into a chunk of its own that the first X text loads (one file
    // instead of some 330 CommonJS modules; the start never loads it).
    'twitter-text',
  ],
  esbuildPlugins: [englishZodLocaleOnly, startInOneChunk],
  plugins: [asciiComments],
  onSuccess: buildComposerScript,
  esbuildOptions(options) {
    options.conditions = ['source'];
  },
});
