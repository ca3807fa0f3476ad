/**
 * Keeps the text of the last answer so `--json` prints the API's JSON exactly as received (the
 * SDK hands back parsed objects). Given to the SDK client as its `fetch`.
 */
export class RawCapture {
  last: { status: number; text: string } | undefined;
  /** The method of the last request sent, answered or not (the advice after a lost answer depends on it). */
  lastMethod: string | undefined;

  /** `send`: what carries the requests (the global fetch unless a command brings its own). */
  constructor(private readonly send: typeof fetch = (input, init) => globalThis.fetch(input, init)) {}

  readonly fetch: typeof fetch = async (input, init) => {
    this.lastMethod = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const response = await this.send(input, init);
    const text = await response.clone().text();
    this.last = { status: response.status, text };
    return response;
  };

  /** The last body as received, or the value re-serialised when nothing was captured. */
  textOr(fallback: unknown): string {
    const text = this.last?.text;
    if (text !== undefined && text.trim() !== '') return text.trim();
    return JSON.stringify(fallback);
  }

  /**
   * The body of the answer `error` was made from, as received: only when the last answer carried
   * the error's status and a body (a lost connection or a CLI-side refusal has no answer to print).
   */
  errorAnswerFor(error: unknown): string | undefined {
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status !== 'number' || this.last?.status !== status) return undefined;
    const text = this.last.text.trim();
    return text === '' ? undefined : text;
  }
}
