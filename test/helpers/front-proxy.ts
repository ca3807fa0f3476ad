import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A certificate for 127.0.0.1 signed by itself (made by openssl), as an untrusted team's CA is. */
export interface SelfSignedCertificate {
  key: Buffer;
  cert: Buffer;
  /** The certificate in a PEM file, for NODE_EXTRA_CA_CERTS or CURL_CA_BUNDLE. */
  certFile: string;
  remove(): void;
}

export function selfSignedCertificate(): SelfSignedCertificate {
  const folder = mkdtempSync(join(tmpdir(), 'socialpub-tls-'));
  const keyFile = join(folder, 'key.pem');
  const certFile = join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return {
    key: readFileSync(keyFile),
    cert: readFileSync(certFile),
    certFile,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** nginx's own page for a status it answers itself, as a proxy sends it (HTML, no JSON). */
export function nginxPage(status: number, reason: string): string {
  return `<html>\r\n<head><title>${status} ${reason}</title></head>\r\n<body>\r\n<center><h1>${status} ${reason}</h1></center>\r\n<hr><center>nginx/1.22.1</center>\r\n</body>\r\n</html>\r\n`;
}

export interface FrontProxyOptions {
  /** Where requests go on (http on 127.0.0.1); without it every request gets `answer`'s page. */
  upstreamPort?: number | undefined;
  /** Bodies larger than this are refused with nginx's 413 page, as `client_max_body_size` does. */
  maxBodyBytes?: number | undefined;
  /** Every request answered with this status and nginx's page (502 while the service restarts). */
  answer?: { status: number; reason: string } | undefined;
  /** Serve HTTPS with this certificate. */
  tls?: SelfSignedCertificate | undefined;
}

export interface FrontProxy {
  url: string;
  /** Requests that reached the proxy, and those it passed on. */
  readonly received: number;
  readonly forwarded: number;
  /** Sets where requests go on (the upstream may start after the proxy, to learn its address). */
  forwardTo(port: number): void;
  close(): Promise<void>;
}

/**
 * A reverse proxy on 127.0.0.1 as a team puts in front of the server: it passes requests on (Host
 * kept, so the server started with this proxy's address as its public URL answers them) or answers
 * itself with nginx's HTML pages: 413 over the body limit, or a fixed status such as 502.
 */
export async function startFrontProxy(options: FrontProxyOptions): Promise<FrontProxy> {
  let upstreamPort = options.upstreamPort;
  let received = 0;
  let forwarded = 0;
  const page = (response: ServerResponse, status: number, reason: string) => {
    response.writeHead(status, { 'content-type': 'text/html', connection: 'close' });
    response.end(nginxPage(status, reason));
  };
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    received++;
    const length = Number(request.headers['content-length'] ?? 0);
    if (options.maxBodyBytes !== undefined && length > options.maxBodyBytes) {
      request.resume();
      return page(response, 413, 'Request Entity Too Large');
    }
    if (options.answer || upstreamPort === undefined) {
      request.resume();
      return page(response, options.answer?.status ?? 502, options.answer?.reason ?? 'Bad Gateway');
    }
    forwarded++;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => page(response, 502, 'Bad Gateway'));
    request.pipe(upstream);
  };
  const server = options.tls
    ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, handler)
    : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    get received() {
      return received;
    },
    get forwarded() {
      return forwarded;
    },
    forwardTo(next) {
      upstreamPort = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
