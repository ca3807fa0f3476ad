import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, startTestServer, type TestServer } from './cli-harness.js';

/** A small JPEG-looking file (the service judges by type and first bytes). */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.alloc(2048, 7),
  Buffer.from([0xff, 0xd9]),
]);

let t: TestServer;
let source: Server;
let sourceUrl: string;

/** A public-looking file host on 127.0.0.1 (allowed through importAllow) that honours Range. */
function startSource(): Promise<Server> {
  const server = createServer((req, res) => {
    const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = range?.[2] ? Math.min(Number(range[2]), JPEG.length - 1) : JPEG.length - 1;
    const body = JPEG.subarray(start, end + 1);
    res.writeHead(range ? 206 : 200, {
      'content-type': 'image/jpeg',
      'content-length': String(body.length),
      'accept-ranges': 'bytes',
      ...(range ? { 'content-range': `bytes ${start}-${end}/${JPEG.length}` } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  source = await startSource();
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}/photo.jpg`;
  t = await startTestServer({ importAllow: ['127.0.0.1'] });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => source.close(resolve));
});

async function advance(seconds = 25): Promise<void> {
  await t.admin('POST', '/clock', { advance_seconds: seconds });
}

describe('media import, status, list', () => {
  let fileId = '';

  it('imports a file from a URL and prints the raw answer with --json', async () => {
    const result = await t.cli(['media', 'import', sourceUrl, '--wait', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const body = parseJson<{ file_id: string; status: string }>(result);
    expect(body.status).toBe('ready');
    fileId = body.file_id;
  });

  it('reads the status of the imported file', async () => {
    const result = await t.cli(['media', 'status', fileId, '--json']);
    expect(result.code).toBe(0);
    expect(parseJson<{ file_id: string; status: string }>(result)).toMatchObject({
      file_id: fileId,
      status: 'ready',
    });
    const readable = await t.cli(['media', 'status', fileId]);
    expect(readable.stdout).toContain('ready');
  });

  it('lists the library with the imported file, one page or --all', async () => {
    const page = await t.cli(['media', 'list', '--json']);
    expect(page.code).toBe(0);
    const ids = parseJson<{ data: { file_id: string }[] }>(page).data.map((item) => item.file_id);
    expect(ids).toContain(fileId);
    const all = await t.cli(['media', 'list', '--all', '--type', 'image']);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain(fileId);
  });

  it('exits 2 for a URL that is not http(s)', async () => {
    await advance();
    const result = await t.cli(['--max-retries', '0', 'media', 'import', 'ftp://example.com/a.jpg']);
    expect(result.code).toBe(2);
  });

  it('exits 4 naming rate_limited for a second import within 20 seconds', async () => {
    await advance();
    expect((await t.cli(['media', 'import', sourceUrl])).code).toBe(0);
    const second = await t.cli(['--max-retries', '0', 'media', 'import', sourceUrl]);
    expect(second.code).toBe(4);
    expect(second.stderr).toContain('rate_limited');
  });

  it('exits 2 for a status request of a file that is not on the account', async () => {
    const result = await t.cli(['media', 'status', '00000000-0000-4000-8000-000000000000']);
    expect(result.code).toBe(2);
  });
});
