/** How long a new key waits for the page the create redirects to. */
const SHOWN_WITHIN_MS = 5 * 60_000;
/** A bound on keys created and never looked at (abandoned tabs). */
const MAX_WAITING = 1_000;

interface Waiting {
  name: string;
  apiKey: string;
  until: number;
}

/**
 * A new API key between its create (POST, answered with a redirect) and the page that shows it:
 * held in memory for the session that created it and handed out once, so reloading that page shows
 * no key and creates none. Never written anywhere; a restart forgets it (the key stays valid).
 */
export class NewKeyOnce {
  readonly #waiting = new Map<string, Waiting>();

  constructor(private readonly nowMs: () => number = Date.now) {}

  hold(sessionIdHash: string, name: string, apiKey: string): void {
    if (this.#waiting.size >= MAX_WAITING) {
      const oldest = this.#waiting.keys().next().value;
      if (oldest !== undefined) this.#waiting.delete(oldest);
    }
    this.#waiting.delete(sessionIdHash);
    this.#waiting.set(sessionIdHash, { name, apiKey, until: this.nowMs() + SHOWN_WITHIN_MS });
  }

  /** The key waiting for this session, once; null afterwards or when it waited too long. */
  take(sessionIdHash: string): { name: string; apiKey: string } | null {
    const waiting = this.#waiting.get(sessionIdHash);
    if (!waiting) return null;
    this.#waiting.delete(sessionIdHash);
    return waiting.until >= this.nowMs() ? { name: waiting.name, apiKey: waiting.apiKey } : null;
  }
}
