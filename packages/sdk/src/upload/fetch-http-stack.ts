import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';

/**
 * A tus-js-client HTTP stack over `fetch`, used in Node.js (and wherever the client was given its
 * own `fetch`): the same transport as the API calls, so proxies, test interceptors and custom
 * agents apply to the storage host too. Progress is reported per chunk (fetch has no upload
 * progress events); browsers keep tus-js-client's XHR stack for finer progress.
 */
export class FetchHttpStack implements HttpStack {
  constructor(private readonly fetchImpl: typeof fetch) {}

  createRequest(method: string, url: string): HttpRequest {
    return new FetchHttpRequest(this.fetchImpl, method, url);
  }

  getName(): string {
    return 'FetchHttpStack';
  }
}

class FetchHttpRequest implements HttpRequest {
  private readonly headers: Record<string, string> = {};
  private readonly controller = new AbortController();
  private progress: ((bytesSent: number) => void) | undefined;

  constructor(
    private readonly fetchImpl: typeof fetch,
    private readonly method: string,
    private readonly url: string,
  ) {}

  getMethod(): string {
    return this.method;
  }

  getURL(): string {
    return this.url;
  }

  setHeader(header: string, value: string): void {
    this.headers[header] = value;
  }

  getHeader(header: string): string | undefined {
    return this.headers[header];
  }

  setProgressHandler(handler: (bytesSent: number) => void): void {
    this.progress = handler;
  }

  async send(body: unknown = null): Promise<HttpResponse> {
    const init: RequestInit = { method: this.method, headers: this.headers, signal: this.controller.signal };
    if (body !== null && body !== undefined) init.body = body as BodyInit;
    const response = await this.fetchImpl(this.url, init);
    const text = await response.text();
    if (body !== null && body !== undefined) this.progress?.(sizeOf(body));
    return new FetchHttpResponse(response, text);
  }

  async abort(): Promise<void> {
    this.controller.abort();
  }

  getUnderlyingObject(): unknown {
    return this.controller;
  }
}

function sizeOf(body: unknown): number {
  if (body instanceof Blob) return body.size;
  if (ArrayBuffer.isView(body)) return body.byteLength;
  return 0;
}

class FetchHttpResponse implements HttpResponse {
  constructor(
    private readonly response: Response,
    private readonly text: string,
  ) {}

  getStatus(): number {
    return this.response.status;
  }

  getHeader(header: string): string | undefined {
    return this.response.headers.get(header) ?? undefined;
  }

  getBody(): string {
    return this.text;
  }

  getUnderlyingObject(): unknown {
    return this.response;
  }
}
