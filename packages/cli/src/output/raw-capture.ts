/**
 * Keeps the text of the last answer so `--json` prints the API's JSON exactly as received (the
 * SDK hands back parsed objects). Given to the SDK client as its `fetch`.
 */
export class RawCapture {
  last: { status: number; text: string } | undefined;

  readonly fetch: typeof fetch = async (input, init) => {
    const response = await globalThis.fetch(input, init);
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
}
