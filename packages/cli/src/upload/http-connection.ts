import http from 'node:http';
import https from 'node:https';

/**
 * Every request of `media upload` over node:http(s), one kept-alive connection per origin. Not
 * `fetch`: it copies every request body into a web stream, and at 6 MiB a piece those copies kept
 * the garbage collector busier than the sending itself; and its first use compiles undici's HTTP
 * parser (WebAssembly), about 30 MB of memory for a moment (docs/performance.md, "The CLI
 * uploader"). Here a piece's own bytes go to the socket.
 */
export interface HttpReply {
  status: number;
  statusText: string;
  headers: Headers;
  body: Buffer;
}

/** An answer that stops coming (no byte either way for this long) counts as a lost connection. */
const IDLE_TIMEOUT_MS = 300_000;

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 1 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 1 }),
};

function headersOf(message: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** One request; rejects on a lost connection (refused, reset, timed out, aborted). */
export function httpRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Uint8Array,
  signal?: AbortSignal,
): Promise<HttpReply> {
  const target = new URL(url);
  const scheme = target.protocol === 'https:' ? https : http;
  const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
  return new Promise((resolve, reject) => {
    const request = scheme.request(
      target,
      {
        method,
        agent,
        headers: { ...headers, 'Content-Length': String(body?.byteLength ?? 0) },
        ...(signal ? { signal } : {}),
      },
      (response) => {
        const pieces: Buffer[] = [];
        response.on('data', (piece: Buffer) => pieces.push(piece));
        response.once('error', reject);
        response.once('close', () => {
          if (!response.complete) reject(new Error('The answer broke off.'));
        });
        response.once('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            statusText: response.statusMessage ?? '',
            headers: headersOf(response),
            body: Buffer.concat(pieces),
          }),
        );
      },
    );
    request.once('error', reject);
    request.setTimeout(IDLE_TIMEOUT_MS, () =>
      request.destroy(new Error(`No answer from the storage for ${IDLE_TIMEOUT_MS / 1000} s.`)),
    );
    request.end(body);
  });
}

/** Closes the kept-alive connections (they never hold the process open, this only tidies up). */
export function closeHttpConnections(): void {
  agents['http:'].destroy();
  agents['https:'].destroy();
}
