import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A loopback file server for URL-import tests (127.0.0.1, port 0). Paths name behaviours; any path
 * containing `status<NNN>` answers that status, so share-link tests can ask for provider refusals.
 */
export interface SeenRequest {
  method: string;
  url: string;
  range: string | undefined;
}

export interface FileServer {
  origin: string;
  port: number;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export interface Fixture {
  type: string | null;
  body: Uint8Array;
  disposition?: string;
  /** Declared size when it differs from the body (a lying source). */
  declaredSize?: number;
  /** Bytes sent before the connection is cut. */
  breakAfter?: number;
  breakDelayMs?: number;
  /** Send the body in pieces with a pause between (a large, slow file). */
  pieces?: number;
  pieceDelayMs?: number;
  /** The last piece waits for this: the test decides when the file finishes, not a timer. */
  lastPieceAfter?: () => Promise<void>;
}

export async function sampleJpeg(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();
}

export async function samplePng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 40, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** An MP4 ftyp box followed by zeros: recognised by its first bytes. */
export function sampleMp4(size = 4096): Buffer {
  const bytes = Buffer.alloc(size);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  bytes.writeUInt32BE(512, 12);
  bytes.write('isomiso2mp41', 16, 'latin1');
  return bytes;
}

export function sampleHeic(): Buffer {
  const bytes = Buffer.alloc(4096);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypheic', 4, 'latin1');
  bytes.write('mif1heic', 16, 'latin1');
  return bytes;
}

const text = (value: string) => new Uint8Array(Buffer.from(value));

export async function standardFixtures(): Promise<Record<string, Fixture>> {
  const jpeg = await sampleJpeg();
  return {
    '/photo.jpg': { type: 'image/jpeg', body: jpeg },
    '/image.png': { type: 'image/png', body: await samplePng() },
    '/clip.mp4': { type: 'video/mp4', body: sampleMp4() },
    '/no-type': { type: null, body: jpeg },
    '/generic': { type: 'application/octet-stream', body: jpeg },
    '/named': { type: 'image/jpeg', body: jpeg, disposition: 'attachment; filename="Holiday Photo.jpg"' },
    '/page.html': {
      type: 'text/html; charset=utf-8',
      body: text('<!doctype html><html><body>hi</body></html>'),
    },
    '/page-generic': {
      type: 'application/octet-stream',
      body: text('<!DOCTYPE html><html><body>x</body></html>'),
    },
    '/anim.gif': { type: 'image/gif', body: text('GIF89a\x01\x00\x01\x00') },
    '/sniffed-gif': { type: null, body: text('GIF89a\x01\x00\x01\x00\x00\x00') },
    '/photo.heic': { type: 'application/octet-stream', body: sampleHeic() },
    '/logo.svg': { type: 'image/svg+xml', body: text('<svg xmlns="http://www.w3.org/2000/svg"></svg>') },
    '/clip.avi': { type: 'video/x-msvideo', body: text('RIFF\x00\x00\x00\x00AVI LIST') },
    '/unknown-bytes': { type: null, body: text('\x00\x01\x02\x03 nothing known here at all') },
    '/lying-type.jpg': {
      type: 'image/jpeg',
      body: text('<!doctype html><html><body>not a photo</body></html>'),
    },
    '/lying-length.jpg': { type: 'image/jpeg', body: jpeg, declaredSize: jpeg.byteLength + 1000 },
    '/too-large.jpg': { type: 'image/jpeg', body: jpeg, declaredSize: 25 * 1024 * 1024 },
    '/broken.mp4': {
      type: 'video/mp4',
      body: sampleMp4(512 * 1024),
      breakAfter: 64 * 1024,
      breakDelayMs: 400,
    },
    '/broken-fast.mp4': {
      type: 'video/mp4',
      body: sampleMp4(512 * 1024),
      breakAfter: 64 * 1024,
      breakDelayMs: 0,
    },
    '/large.mp4': { type: 'video/mp4', body: sampleMp4(1024 * 1024), pieces: 8, pieceDelayMs: 60 },
  };
}

function serveFixture(req: IncomingMessage, res: ServerResponse, fixture: Fixture): void {
  const total = fixture.declaredSize ?? fixture.body.byteLength;
  const headers: Record<string, string> = { 'accept-ranges': 'bytes' };
  if (fixture.type) headers['content-type'] = fixture.type;
  if (fixture.disposition) headers['content-disposition'] = fixture.disposition;
  const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
  if (req.method === 'HEAD') {
    res.writeHead(200, { ...headers, 'content-length': String(total) });
    res.end();
    return;
  }
  if (range) {
    const start = Number(range[1]);
    const end = Math.min(Number(range[2]), fixture.body.byteLength - 1);
    const part = fixture.body.subarray(start, end + 1);
    res.writeHead(206, {
      ...headers,
      'content-range': `bytes ${start}-${end}/${total}`,
      'content-length': String(part.byteLength),
    });
    res.end(part);
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': String(fixture.body.byteLength) });
  if (fixture.breakAfter !== undefined) {
    res.write(fixture.body.subarray(0, fixture.breakAfter));
    setTimeout(() => res.socket?.destroy(), fixture.breakDelayMs ?? 0);
    return;
  }
  const pieces = fixture.pieces ?? 1;
  const size = Math.ceil(fixture.body.byteLength / pieces);
  let index = 0;
  const next = () => {
    const piece = fixture.body.subarray(index * size, (index + 1) * size);
    index++;
    if (index >= pieces) {
      if (fixture.lastPieceAfter) void fixture.lastPieceAfter().then(() => res.end(piece));
      else res.end(piece);
      return;
    }
    res.write(piece);
    setTimeout(next, fixture.pieceDelayMs ?? 0);
  };
  next();
}

export async function startFileServer(
  fixtures: Record<string, Fixture>,
  host = '127.0.0.1',
): Promise<FileServer> {
  const seen: SeenRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push({ method: req.method ?? '', url: req.url ?? '', range: req.headers.range });
    const status = /status(\d{3})/.exec(req.url ?? '')?.[1];
    if (status) {
      res.writeHead(Number(status), { 'content-type': 'text/plain' });
      res.end('refused');
      return;
    }
    if (url.pathname.startsWith('/slow')) {
      hanging.add(res);
      return;
    }
    if (url.pathname === '/redirect') {
      const hops = Number(url.searchParams.get('hops') ?? '0');
      const to = url.searchParams.get('to') ?? '/photo.jpg';
      const location = hops > 1 ? `/redirect?hops=${hops - 1}&to=${encodeURIComponent(to)}` : to;
      res.writeHead(302, { location });
      res.end();
      return;
    }
    // Share-link download forms (converted links point here in tests): htmlpage answers a page.
    const share = /^\/(s\/|scl\/fi\/|uc$|v1\.0\/shares\/|download$)/.test(url.pathname);
    if (share) {
      const page = (req.url ?? '').includes('htmlpage');
      const fixture = page ? fixtures['/page.html'] : fixtures['/named'];
      if (fixture) serveFixture(req, res, fixture);
      return;
    }
    const fixture = fixtures[url.pathname];
    if (!fixture) {
      res.writeHead(404);
      res.end();
      return;
    }
    serveFixture(req, res, fixture);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://${host}:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
