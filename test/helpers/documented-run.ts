import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '@socialpub/server';
import { expect } from 'vitest';
import { userPath } from './documented-commands.js';
import { mp4Bytes } from './media-fixtures.js';
import { type RunResult, runCommand } from './run-node.js';
import { copyTrackedFiles, newFilesNotIgnored } from './tracked-copy.js';

const ADMIN_TOKEN = 'documented-commands-admin-token';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * One page's reader: a copy of the clone's tracked files, the server of `npm start` on its
 * ./.socialpub (so `backup` copies a live database) with a virtual clock starting at the real time
 * (the pages schedule for "tomorrow" as computed by the reader's shell), and a config folder of its
 * own. Pages never share one, so they can run side by side.
 */
export class PageReader {
  readonly #temp: string;
  readonly clone: string;
  readonly #server: RunningServer;
  readonly #apiKey: string;
  readonly #demoBrandId: string;
  readonly #ids = new Map<string, string>();
  /** The copy's files before any line ran: the tracked ones and the reader's own video. */
  readonly #known: ReadonlySet<string>;
  #ticking = true;
  readonly #ticker: Promise<void>;

  private constructor(
    temp: string,
    known: ReadonlySet<string>,
    server: RunningServer,
    apiKey: string,
    demoBrandId: string,
  ) {
    this.#temp = temp;
    this.#known = known;
    this.clone = join(temp, 'clone');
    this.#server = server;
    this.#apiKey = apiKey;
    this.#demoBrandId = demoBrandId;
    this.#ticker = this.#tick();
  }

  static async open(): Promise<PageReader> {
    const temp = await mkdtemp(join(tmpdir(), 'socialpub-documented-'));
    const clone = join(temp, 'clone');
    const known = new Set([...copyTrackedFiles(clone, { builds: true }), 'video.mp4']);
    await writeFile(join(clone, 'video.mp4'), mp4Bytes(256 * 1024));
    const server = await startServer(
      {
        dataDir: join(clone, '.socialpub'),
        port: 0,
        host: '127.0.0.1',
        clock: 'virtual',
        adminToken: ADMIN_TOKEN,
        seedDemo: true,
      },
      () => undefined,
    );
    const apiKey = server.socialpub.demo?.apiKey ?? '';
    const accounts = await fetch(`${server.url}/api/v2/accounts`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    const { data } = (await accounts.json()) as { data: { profile_id: string; handle: string }[] };
    const demoBrandId = data.find((profile) => profile.handle === '@demobrand')?.profile_id ?? '';
    return new PageReader(temp, known, server, apiKey, demoBrandId);
  }

  /**
   * Time moves as it would on `npm start` (YouTube finishes 30 s after the post, the 20-second wait
   * passes), but twenty times faster; the reader's SDK and CLI read every second to match
   * (SOCIALPUB_POLL_SECONDS), so a documented wait takes about two seconds instead of 30.
   */
  async #tick(): Promise<void> {
    while (this.#ticking) {
      await this.#admin('POST', '/clock', { advance_seconds: 5 }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  #admin(method: string, path: string, body: unknown): Promise<Response> {
    return fetch(`${this.#server.url}/admin/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /**
   * Runs one line as written, as the page's reader would, with the server's address, secrets and
   * ids printed by earlier lines filled in; checks it exits 0 and did what it says.
   */
  async runLine(written: string): Promise<void> {
    const line = written
      .replaceAll('http://127.0.0.1:8787', this.#server.url)
      .replace(/<(\w+_id)>/g, (placeholder, name: string) => {
        const id = this.#ids.get(name);
        expect(id, `${written}: no earlier line printed a ${name}`).toBeDefined();
        return id ?? placeholder;
      });
    const result = await this.#run(line);
    expect(result.code, `${written}\n${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stderr, written).not.toMatch(/could not determine executable|E404|ENOTCACHED|not found/);
    this.#rememberIds(result.stdout);
    // What a documented command writes into the clone is ignored by git, so `git status` stays clean.
    expect(newFilesNotIgnored(this.clone, this.#known), `${written} wrote files git does not ignore`).toEqual(
      [],
    );
    await this.#checkEffect(written, result);
  }

  #run(line: string): Promise<RunResult> {
    return runCommand(
      'sh',
      ['-c', line],
      {
        // A reader's PATH: no node_modules/.bin, which npm and vitest put in front of the test's own.
        PATH: userPath(),
        SOCIALPUB_API_KEY: this.#apiKey,
        SOCIALPUB_ADMIN_TOKEN: ADMIN_TOKEN,
        SOCIALPUB_BASE_URL: this.#server.url,
        SOCIALPUB_CONFIG_DIR: join(this.#temp, 'config'),
        SOCIALPUB_POLL_SECONDS: '1',
        ADMIN_TOKEN,
        PROFILE_ID: this.#demoBrandId,
        npm_config_offline: 'true',
        npm_config_update_notifier: 'false',
      },
      { cwd: this.clone, timeoutMs: 240_000 },
    );
  }

  /** Ids a command printed (`clock_id  <uuid>` lines, `Scheduled for ... (<uuid>)`), for later `<clock_id>`. */
  #rememberIds(output: string): void {
    for (const match of output.matchAll(new RegExp(`^(\\w+_id)\\s+(${UUID})$`, 'gm')))
      this.#ids.set(match[1] as string, match[2] as string);
    const scheduled = new RegExp(`Scheduled for \\S+ \\((${UUID})\\)`).exec(output);
    if (scheduled) this.#ids.set('scheduled_post_id', scheduled[1] as string);
  }

  /** What a line's run must also have done, beyond exiting 0. */
  async #checkEffect(line: string, result: RunResult): Promise<void> {
    const clone = this.clone;
    if (line.startsWith('curl ')) expect(result.stdout, line).not.toMatch(/^\{"error"/);
    if (line.includes(' backup '))
      expect(existsSync(join(clone, 'backups/2026-11-23/backup.json'))).toBe(true);
    if (line.includes(' restore ')) {
      expect(existsSync(join(clone, '.socialpub-restored/socialpub.db'))).toBe(true);
      // A page may show the same two lines again: each run starts where its reader would.
      await rm(join(clone, 'backups'), { recursive: true });
      await rm(join(clone, '.socialpub-restored'), { recursive: true });
    }
    if (line.includes('/networks/x')) {
      // The example makes X refuse the next posts; later lines may post to X again, so it is undone.
      const undo = await this.#admin('PATCH', `/profiles/${this.#demoBrandId}/networks/x`, {
        simulate: { outcome: 'success' },
      });
      expect(undo.status).toBe(200);
    }
  }

  async close(): Promise<void> {
    this.#ticking = false;
    await this.#ticker;
    await this.#server.close();
    await rm(this.#temp, { recursive: true, force: true });
  }
}
