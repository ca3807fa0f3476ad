import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type RunningServer, startServer } from '@socialpub/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPath } from './helpers/documented-commands.js';
import { mp4Bytes } from './helpers/media-fixtures.js';
import {
  type Packed,
  packedTarballs,
  readmeLine,
  readmeShellBlocks,
  runAsReader,
} from './helpers/packed-tarballs.js';
import { REPO_ROOT, type RunResult } from './helpers/run-node.js';

// The CLI and the connector installed as the README says, globally from the tarballs `npm run pack`
// wrote, into a global folder of this test's own (npm's --prefix, so the machine's is untouched),
// then used from a folder outside the clone: the README's CLI quick start, and the README's stdio
// configuration started by a real MCP client.

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

let packed: Packed;
let globalFolder: string;
let elsewhere: string;
let installs: RunResult[];
let server: RunningServer;
let apiKey: string;

/** The reader's environment after a global install: npm's global bin folder on PATH. */
function readerEnv(): Record<string, string> {
  return {
    PATH: [join(globalFolder, 'bin'), userPath()].join(delimiter),
    npm_config_prefix: globalFolder,
    SOCIALPUB_API_KEY: apiKey,
    SOCIALPUB_CONFIG_DIR: join(packed.folder, 'cli-config'),
  };
}

/**
 * A server of its own for each reader (the networks refuse a text posted twice). The README
 * schedules for tomorrow as the shell computes it: the virtual clock starts at the real time.
 */
async function startReaderServer(): Promise<void> {
  await server?.close();
  server = await startServer(
    { memory: true, port: 0, host: '127.0.0.1', clock: 'virtual', seedDemo: true },
    () => undefined,
  );
  apiKey = server.socialpub.demo?.apiKey ?? '';
}

beforeAll(async () => {
  packed = await packedTarballs();
  globalFolder = join(packed.folder, 'global');
  elsewhere = join(packed.folder, 'elsewhere');
  await mkdir(elsewhere, { recursive: true });
  await writeFile(join(elsewhere, 'video.mp4'), mp4Bytes(256 * 1024));
  installs = [];
  for (const [section, tarball] of [
    ['CLI quick start', 'socialpub-cli'],
    ['Connecting an AI app', 'socialpub-mcp'],
  ] as const) {
    const line = readmeLine(section, 'npm install --global ');
    expect(line).toContain(tarball);
    installs.push(await runAsReader(line, packed.clone, { npm_config_prefix: globalFolder }));
  }
  await startReaderServer();
}, 900_000);

afterAll(async () => {
  await server?.close();
});

describe('a global install of the packed CLI and connector', () => {
  it('installs with the public registry alone and puts socialpub and socialpub-mcp on the PATH', async () => {
    for (const install of installs) expect(install.code, install.stderr).toBe(0);
    const found = await runAsReader(
      'command -v socialpub && command -v socialpub-mcp',
      elsewhere,
      readerEnv(),
    );
    expect(found.stdout.trim().split('\n')).toEqual([
      join(globalFolder, 'bin', 'socialpub'),
      join(globalFolder, 'bin', 'socialpub-mcp'),
    ]);
    const version = await runAsReader('socialpub --version', elsewhere, readerEnv());
    expect(version.stdout.trim()).toBe('0.1.0');
    for (const name of ['cli', 'mcp']) {
      const manifest = JSON.parse(
        readFileSync(join(globalFolder, 'lib/node_modules/@socialpub', name, 'package.json'), 'utf8'),
      ) as { dependencies: Record<string, string> };
      expect(Object.keys(manifest.dependencies).filter((dep) => dep.startsWith('@socialpub/'))).toEqual([]);
    }
  });

  it.each([
    ['as written', (line: string) => line],
    ['without npx', (line: string) => line.replaceAll('npx socialpub', 'socialpub')],
  ])('runs the README CLI quick start %s, outside the clone', async (_name, form) => {
    await startReaderServer();
    const block = readmeShellBlocks('CLI quick start').find((lines) =>
      lines.some((l) => l.includes(' login ')),
    );
    expect(block?.length).toBeGreaterThanOrEqual(5);
    let scheduledPostId = '';
    for (const written of block ?? []) {
      const line = form(written)
        .replaceAll('http://127.0.0.1:8787', server.url)
        .replaceAll('<scheduled_post_id>', scheduledPostId);
      const result = await runAsReader(line, elsewhere, readerEnv());
      expect(result.code, `${line}\n${result.stderr}`).toBe(0);
      // npx found the installed command: it asked no registry for a package of that name.
      expect(result.stderr).not.toMatch(/Need to install|could not determine executable|E404/);
      if (written.includes('--schedule')) scheduledPostId = UUID.exec(result.stdout)?.[0] ?? '';
    }
    expect(scheduledPostId).not.toBe('');
    const cancelled = await fetch(`${server.url}/api/v2/posts/${scheduledPostId}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(((await cancelled.json()) as { status: string }).status).toBe('cancelled');
  });
});

/** The README's stdio configuration for a desktop app. */
function readmeStdioConfig(): { command: string; args?: string[]; env: Record<string, string> } {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Connecting an AI app\n'));
  const json = /```json\n([\s\S]*?)```/.exec(section)?.[1] ?? '{}';
  const config = JSON.parse(json) as {
    mcpServers: Record<string, { command: string; args?: string[]; env: Record<string, string> }>;
  };
  const socialpub = config.mcpServers['socialpub'];
  expect(socialpub).toBeDefined();
  return socialpub as { command: string; args?: string[]; env: Record<string, string> };
}

describe('the README stdio configuration, started by a desktop app', () => {
  it('starts the installed socialpub-mcp, which lists the tools and reads the accounts', async () => {
    const config = readmeStdioConfig();
    expect(config.command).toBe('socialpub-mcp');
    expect(Object.keys(config.env).sort()).toEqual(['SOCIALPUB_API_KEY', 'SOCIALPUB_BASE_URL']);
    const client = new Client({ name: 'desktop-app', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: config.command,
        args: config.args ?? [],
        // The app's own environment (PATH with npm's global bin folder), then the configured values.
        env: { ...readerEnv(), SOCIALPUB_API_KEY: apiKey, SOCIALPUB_BASE_URL: server.url },
        cwd: elsewhere,
        stderr: 'pipe',
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('service_publish_post');
      const accounts = await client.callTool({ name: 'service_list_accounts', arguments: {} });
      expect(JSON.stringify(accounts)).toContain('@demobrand');
    } finally {
      await client.close();
    }
  });
});
