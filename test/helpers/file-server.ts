import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServedFile {
  contentType: string;
  bytes: Buffer;
}

export interface FileServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Requests seen, as `METHOD /path range`. */
  requests: string[];
  close(): Promise<void>;
}

/** A loopback file host for URL imports: HEAD, GET and single byte ranges, like a plain static server. */
export async function startFileServer(files: Record<string, ServedFile>): Promise<FileServer> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push(`${req.method} ${path} ${req.headers.range ?? ''}`.trim());
    const file = files[path];
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = range?.[2] ? Math.min(Number(range[2]), file.bytes.length - 1) : file.bytes.length - 1;
    const body = file.bytes.subarray(start, end + 1);
    const headers: Record<string, string> = {
      'content-type': file.contentType,
      'content-length': String(body.length),
      'accept-ranges': 'bytes',
    };
    if (range) headers['content-range'] = `bytes ${start}-${end}/${file.bytes.length}`;
    res.writeHead(range ? 206 : 200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
