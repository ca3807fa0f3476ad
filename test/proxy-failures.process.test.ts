import { randomFillSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  APIConnectionCertificateError,
  InternalServerError,
  SocialPub,
  type UploadLink,
} from '@socialpub/sdk';
import { UploadTransferError } from '@socialpub/sdk/upload';
import { type RunningServer, startServer } from '@socialpub/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FrontProxy,
  type SelfSignedCertificate,
  selfSignedCertificate,
  startFrontProxy,
} from './helpers/front-proxy.js';
import { REPO_ROOT, type RunResult, runCommand } from './helpers/run-node.js';

// What a proxy in front of the server does to clients, met as a team meets it: nginx's 1 MB body
// limit (413 with its HTML page), a 502 page while the service restarts, and a certificate from the
// team's own CA that Node and curl do not trust. The SDK, the CLI and the served uploaders each say
// what happened and what to do, in words, never the proxy's HTML, and never retry a certificate.

const CLI = join(REPO_ROOT, 'packages/cli/dist/bin.js');

let work: string;
let cert: SelfSignedCertificate;
const closers: (() => Promise<void> | void)[] = [];

/** The real server behind a proxy, whose address is the server's public URL (links name it). */
async function behind(proxy: FrontProxy): Promise<{ server: RunningServer; apiKey: string }> {
  const server = await startServer(
    { memory: true, port: 0, host: '127.0.0.1', clock: 'virtual', seedDemo: true, publicUrl: proxy.url },
    () => undefined,
  );
  proxy.forwardTo(server.port);
  closers.push(() => server.close());
  return { server, apiKey: server.socialpub.demo?.apiKey ?? '' };
}

async function proxy(options: Parameters<typeof startFrontProxy>[0]): Promise<FrontProxy> {
  const started = await startFrontProxy(options);
  closers.push(() => started.close());
  return started;
}

/** A JPEG-looking file bigger than the proxy's 1 MB limit once sent as one 6 MiB piece. */
function photo(name: string, size: number): string {
  const bytes = randomFillSync(Buffer.alloc(size));
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  const path = join(work, name);
  writeFileSync(path, bytes);
  return path;
}

function cli(args: string[], env: Record<string, string>): Promise<RunResult> {
  return runCommand(process.execPath, [CLI, ...args], { SOCIALPUB_CONFIG_DIR: join(work, 'config'), ...env });
}

function lastLine(output: string): { state: string; exit_code: number; message: string } {
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as {
    state: string;
    exit_code: number;
    message: string;
  };
}

/** The served sh command a server at `baseUrl` hands out for a link there, with the file's path put in. */
async function servedCommand(baseUrl: string, runner: 'native' | 'node'): Promise<string> {
  const { uploaderBlock } = await import('../packages/server/src/domain/uploads/uploader-command.js');
  const block = uploaderBlock({
    shell: 'sh',
    runner,
    maxRunSeconds: 60,
    baseUrl,
    uploadUrl: `${baseUrl}/storage/uploads/00000000-0000-4000-8000-000000000000`,
    token: 'upload-token',
    sha256: '0'.repeat(64),
  });
  return block.command.replace('<FULL_PATH_OF_FILE>', join(work, 'x.jpg'));
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'socialpub-proxy-failures-'));
  cert = selfSignedCertificate();
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  cert.remove();
  rmSync(work, { recursive: true, force: true });
});

describe("a proxy's body limit (413 with nginx's page)", () => {
  let front: FrontProxy;
  let apiKey: string;
  beforeAll(async () => {
    front = await proxy({ maxBodyBytes: 1_000_000 });
    ({ apiKey } = await behind(front));
  });

  it('the SDK says the server or a proxy refused the size and how to raise it', async () => {
    const client = new SocialPub({ apiKey, baseURL: front.url });
    const error = await client.media.upload(photo('sdk.jpg', 2_000_000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadTransferError);
    const message = (error as Error).message;
    expect(message).toContain(
      'The server or a proxy in front of it refused the request as too large (HTTP 413',
    );
    expect(message).toContain('client_max_body_size');
    expect(message).not.toContain('<');
  });

  it('the CLI refuses with exit 2 and the same advice, not "file missing ... new link"', async () => {
    const result = await cli(['media', 'upload', photo('cli.jpg', 2_000_000)], {
      SOCIALPUB_API_KEY: apiKey,
      SOCIALPUB_BASE_URL: front.url,
    });
    expect(result.code, result.stderr).toBe(2);
    const line = lastLine(result.stdout);
    expect(line.state).toBe('refused');
    expect(line.message).toContain('client_max_body_size');
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/<html|new link|file missing/);
  });

  it.each(['node', 'native'] as const)(
    'the served uploader (runner %s) says so too, exit 2',
    async (runner) => {
      const client = new SocialPub({ apiKey, baseURL: front.url });
      const path = photo(`served-${runner}.jpg`, 2_000_000);
      const { createHash } = await import('node:crypto');
      const { readFileSync } = await import('node:fs');
      const bytes = readFileSync(path);
      const link = (await client.uploads.create({
        file_name: 'served.jpg',
        size_bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        shell: 'sh',
        runner,
      })) as UploadLink & { uploader: { command: string } };
      const command = link.uploader.command.replace('<FULL_PATH_OF_FILE>', path);
      const result = await runCommand('sh', ['-c', command], {}, { timeoutMs: 120_000 });
      expect(result.code, result.stdout).toBe(2);
      const line = lastLine(result.stdout);
      expect(line.message).toContain('refused a piece as too large (HTTP 413)');
      expect(line.message).toContain('client_max_body_size');
    },
  );
});

describe('a 502 page while the service restarts', () => {
  let front: FrontProxy;
  beforeAll(async () => {
    front = await proxy({ answer: { status: 502, reason: 'Bad Gateway' } });
  });

  it('the SDK makes it one sentence with its status, after its retries', async () => {
    const before = front.received;
    const client = new SocialPub({
      apiKey: 'sp_live_x',
      baseURL: front.url,
      maxRetries: 1,
      sleep: async () => {},
    });
    const error = await client.accounts.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as Error).message).toBe(
      'The service did not answer: a proxy in front of it said HTTP 502 Bad Gateway (the service is down, starting or restarting, or too slow to answer); try again in a moment.',
    );
    expect(front.received - before).toBe(2);
  });

  it('the CLI prints that sentence, never the HTML, and exits 5', async () => {
    const result = await cli(['accounts', 'list', '--max-retries', '0'], {
      SOCIALPUB_API_KEY: 'sp_live_x',
      SOCIALPUB_BASE_URL: front.url,
    });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain(
      'error: HTTP 502: The service did not answer: a proxy in front of it said HTTP 502 Bad Gateway',
    );
    expect(result.stderr).not.toMatch(/<html|<center|nginx/);
  });

  it('the served sh command names the status instead of "did not download correctly"', async () => {
    // The command as a server behind this proxy hands it out: the download meets the 502 page.
    const result = await runCommand('sh', ['-c', await servedCommand(front.url, 'native')], {});
    expect(result.code).toBe(1);
    expect(lastLine(result.stdout).message).toContain('the server answered HTTP 502 instead of the uploader');
  });
});

describe("a certificate from the team's own CA", () => {
  let front: FrontProxy;
  let server: RunningServer;
  let apiKey: string;
  beforeAll(async () => {
    front = await proxy({ tls: cert });
    ({ server, apiKey } = await behind(front));
  });

  it('the SDK says it is not trusted and names NODE_EXTRA_CA_CERTS, without retrying', async () => {
    let attempts = 0;
    const client = new SocialPub({
      apiKey,
      baseURL: front.url,
      fetch: (input, init) => {
        attempts++;
        return fetch(input, init);
      },
    });
    const error = await client.accounts.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionCertificateError);
    expect((error as Error).message).toBe(
      `Could not connect to ${front.url}: its certificate is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT). Nothing was sent. A certificate from your own authority (a team's CA) must be given to Node: NODE_EXTRA_CA_CERTS=/path/to/ca.pem.`,
    );
    expect(attempts).toBe(1);
  });

  it('the CLI says so once (no "sending it again"), and works once NODE_EXTRA_CA_CERTS names the CA', async () => {
    const env = { SOCIALPUB_API_KEY: apiKey, SOCIALPUB_BASE_URL: front.url };
    const refused = await cli(['accounts', 'list'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('its certificate is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT)');
    expect(refused.stderr).toContain('NODE_EXTRA_CA_CERTS');
    expect(refused.stderr).not.toMatch(/sending it again|connection lost/);
    const trusted = await cli(['accounts', 'list'], { ...env, NODE_EXTRA_CA_CERTS: cert.certFile });
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(trusted.stdout).toContain('@demobrand');
  });

  it('the served sh command says the download stopped at the certificate (curl exit 60)', async () => {
    const result = await runCommand('sh', ['-c', await servedCommand(front.url, 'node')], {});
    expect(result.code).toBe(1);
    const message = lastLine(result.stdout).message;
    expect(message).toContain('the certificate of the server is not trusted (curl exit 60)');
    expect(message).toContain('CURL_CA_BUNDLE');
    expect(message).toContain('NODE_EXTRA_CA_CERTS');
  });

  it.each([
    ['node', 'NODE_EXTRA_CA_CERTS'],
    ['sh', 'CURL_CA_BUNDLE'],
  ] as const)('the %s uploader stops at once, naming %s', async (kind, variable) => {
    // The link is asked for on the server's own listener; its addresses are the proxy's (HTTPS).
    const client = new SocialPub({ apiKey, baseURL: `http://127.0.0.1:${server.port}` });
    const path = photo(`tls-${kind}.jpg`, 4096);
    const { createHash } = await import('node:crypto');
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(path);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const link = await client.uploads.create({ file_name: 'tls.jpg', size_bytes: bytes.length, sha256 });
    expect(link.upload.url.startsWith(front.url)).toBe(true);
    const { commandCheck } = await import('../packages/server/src/domain/uploads/uploader-command.js');
    const args = [
      path,
      link.upload.url,
      link.upload.token,
      sha256,
      '60',
      commandCheck(link.upload.url, link.upload.token, sha256, 60),
    ];
    const assets = join(REPO_ROOT, 'packages/server/assets/uploader/v1');
    const result =
      kind === 'node'
        ? await runCommand(process.execPath, [join(assets, 'uploader.mjs'), ...args], {})
        : await runCommand('sh', [join(assets, 'uploader.sh'), ...args], {});
    expect(result.code, result.stdout).toBe(1);
    const line = lastLine(result.stdout);
    expect(line.message).toContain('certificate is not trusted');
    // Said at the first refusal, not "gave up after retries".
    expect(line.message).toContain(variable);
  });
});
