import type { Context } from 'hono';
import type { AppEnv } from '../http/context.js';

async function* fromWebStream(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * The PATCH body as it arrives. Behind @hono/node-server the node IncomingMessage is read directly:
 * it avoids the Readable-to-web-stream adapter (a promise and a queue hop per piece) and pauses the
 * socket while a piece is being written, so TCP backpressure reaches the client and no chunk is ever
 * buffered whole. Through `app.request()` (tests without a listener) the web stream is read instead.
 */
export function requestBody(c: Context<AppEnv>): AsyncIterable<Uint8Array> {
  const incoming = c.env?.incoming;
  if (incoming && !incoming.readableDidRead && !('rawBody' in incoming)) {
    return incoming as AsyncIterable<Uint8Array>;
  }
  const body = c.req.raw.body;
  return body ? fromWebStream(body) : fromWebStream(new Blob([]).stream());
}
