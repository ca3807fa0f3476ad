import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The pages whose commands a newcomer types: the README, every page of docs/, the examples' page. */
export function documentedPages(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs, 'examples/README.md'];
}

export interface DocumentedCommand {
  page: string;
  /** The line as written, continuations joined, the trailing `# comment` removed. */
  line: string;
  /** A line of a shell code block (run for real unless listed), or an inline `npx ...` span (resolved only). */
  kind: 'block' | 'inline';
}

/** Removes a trailing ` # comment` that is outside quotes. */
function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index] as string;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '#' && (index === 0 || /\s/.test(line[index - 1] as string))) {
      return line.slice(0, index).trimEnd();
    }
  }
  return line.trimEnd();
}

/** Words a bare inline span may start with and still be a command line to check. */
const INLINE_RUNNERS = /^(npx|npm|node) \S/;
/** The workspace bins: written bare with a flag or a path, an inline span is a command line too. */
const BARE_BIN_COMMAND = /^socialpub(-server|-mcp)? .*(\s--?\w|\.\/)/;

/** Every command line of one page: shell code blocks line by line, and inline command spans. */
export function commandsOf(page: string, text: string): DocumentedCommand[] {
  const found: DocumentedCommand[] = [];
  for (const block of text.matchAll(/```(?:sh|bash|shell|console)\n([\s\S]*?)```/g)) {
    for (const raw of (block[1] as string).replace(/\\\n\s*/g, ' ').split('\n')) {
      const line = withoutComment(raw.trim());
      if (line !== '') found.push({ page, line, kind: 'block' });
    }
  }
  const prose = text.replace(/```[\s\S]*?```/g, '');
  for (const span of prose.matchAll(/(?<!`)`([^`\n]+)`(?!`)/g)) {
    const line = (span[1] as string).trim();
    if (INLINE_RUNNERS.test(line) || BARE_BIN_COMMAND.test(line)) found.push({ page, line, kind: 'inline' });
  }
  return found;
}

export interface ResolveContext {
  root: string;
  /** The commands `npx` finds in the clone: the workspace bins and the tools in node_modules/.bin. */
  localBins: ReadonlySet<string>;
  /** The workspace bins, which a clone never has on PATH. */
  workspaceBins: ReadonlySet<string>;
  scripts: ReadonlySet<string>;
  /** Files a page tells the reader to create before running them (e.g. the SDK quick start's). */
  readerFiles: ReadonlySet<string>;
}

/** The simple commands of a line: split at `&&`, `||`, `|` and `;`, leading `NAME=value` dropped. */
export function simpleCommands(line: string): string[][] {
  return line
    .split(/\s*(?:&&|\|\||\||;)\s*/)
    .map((part) => (part.match(/"[^"]*"|'[^']*'|\S+/g) ?? []).filter(Boolean))
    .map((words) => {
      let start = 0;
      while (start < words.length && /^[A-Z_][A-Z0-9_]*=/.test(words[start] as string)) start++;
      return words.slice(start);
    })
    .filter((words) => words.length > 0);
}

/** A user's PATH: the caller's without the node_modules/.bin folders npm and vitest put first. */
export function userPath(): string {
  return (process.env['PATH'] ?? '')
    .split(delimiter)
    .filter((folder) => !folder.includes('node_modules'))
    .join(delimiter);
}

function onUserPath(word: string, cwd: string): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v "$1"', 'sh', word], {
      cwd,
      env: { ...process.env, PATH: userPath() },
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}

const NPM_COMMANDS = new Set(['ci', 'install', 'test', 'start', 'init']);
const SHELLS = new Set(['sh', 'dash', 'bash']);

/** Why a simple command would not run as written from a clone, or undefined when it resolves. */
function problemWith(words: string[], context: ResolveContext): string | undefined {
  const [command = '', ...rest] = words;
  const operand = rest.find((word) => !word.startsWith('-'));
  if (context.workspaceBins.has(command)) {
    return `\`${command}\` is not on a clone's PATH (command not found): write \`npx ${command} ...\``;
  }
  if (command === 'npx') {
    if (operand === undefined || !context.localBins.has(operand)) {
      return `npx ${operand ?? ''} is not a command of this repository (npx would ask a registry)`;
    }
    return undefined;
  }
  if (command === 'npm') {
    if (operand === 'run') {
      const script = rest[rest.indexOf('run') + 1] ?? '';
      return context.scripts.has(script)
        ? undefined
        : `npm run ${script}: the root package.json has no such script`;
    }
    return operand !== undefined && NPM_COMMANDS.has(operand)
      ? undefined
      : `npm ${operand ?? ''}: not a command the docs explain`;
  }
  if (command === 'node' || SHELLS.has(command)) {
    if (operand === undefined || (SHELLS.has(command) && operand.startsWith('-'))) return undefined;
    if (operand.startsWith('/path/to/')) return undefined;
    if (context.readerFiles.has(operand) || existsSync(join(context.root, operand))) return undefined;
    return `${command} ${operand}: no such file in the repository`;
  }
  return onUserPath(command, context.root) ? undefined : `${command}: command not found on a user's PATH`;
}

/** Every way `line` would fail to run as written from a clone (empty when it resolves). */
export function resolveProblems(line: string, context: ResolveContext): string[] {
  return simpleCommands(line)
    .map((words) => problemWith(words, context))
    .filter((problem): problem is string => problem !== undefined);
}

/** What a clone offers: workspace bins, node_modules/.bin, and the root package.json's scripts. */
export function resolveContext(root: string, readerFiles: readonly string[]): ResolveContext {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    workspaces: string[];
    scripts: Record<string, string>;
  };
  const workspaceBins = manifest.workspaces.flatMap((workspace) => {
    const file = join(root, workspace, 'package.json');
    const bin = (JSON.parse(readFileSync(file, 'utf8')) as { bin?: Record<string, string> }).bin;
    return Object.keys(bin ?? {});
  });
  const installed = readdirSync(join(root, 'node_modules', '.bin'));
  return {
    root,
    localBins: new Set([...workspaceBins, ...installed]),
    workspaceBins: new Set(workspaceBins),
    scripts: new Set(Object.keys(manifest.scripts)),
    readerFiles: new Set(readerFiles),
  };
}
