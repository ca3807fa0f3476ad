import type { AuthInfo, JSONRPCMessage, JSONRPCRequest, Transport } from '@modelcontextprotocol/server';

/**
 * The transport of one MCP server that serves many HTTP requests at once (shared-connector-servers.ts).
 * Each request's message reaches the server with its caller's sign-in, under an id of this
 * transport's own: every client numbers its requests from 0 or 1, so two callers' ids collide. The
 * answer goes back under the caller's id. Messages the server sends without an id of ours (a
 * notification) have no request to ride on and are dropped, as a JSON answer drops them too.
 */
export class RequestMuxTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly #waiting = new Map<number, (answer: JSONRPCMessage) => void>();
  #lastId = 0;

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.#waiting.clear();
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const id = 'id' in message ? message.id : undefined;
    if (typeof id !== 'number') return;
    const reply = this.#waiting.get(id);
    if (reply === undefined) return;
    this.#waiting.delete(id);
    reply(message);
  }

  /** Hands one request to the server; resolves with its answer, under the request's own id. */
  request(message: JSONRPCRequest, authInfo: AuthInfo): Promise<JSONRPCMessage> {
    const onmessage = this.onmessage;
    if (onmessage === undefined) return Promise.reject(new Error('The MCP server is not connected.'));
    this.#lastId = this.#lastId >= Number.MAX_SAFE_INTEGER ? 1 : this.#lastId + 1;
    const id = this.#lastId;
    return new Promise((resolve) => {
      this.#waiting.set(id, (answer) => resolve({ ...answer, id: message.id } as JSONRPCMessage));
      onmessage({ ...message, id }, { authInfo });
    });
  }
}
