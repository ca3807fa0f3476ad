import { APIUserAbortError, SocialPubError } from '../errors.js';
import type { Transport } from '../transport.js';

export interface WaitOptions {
  signal?: AbortSignal;
  /** Gives up after this much waiting (measured as the sum of the pauses, so fake sleeps work). */
  timeoutMs?: number;
  intervalMs?: number;
}

/** The thing waited for did not reach its end state within `timeoutMs`. */
export class WaitTimeoutError extends SocialPubError {
  override name = 'WaitTimeoutError';
  constructor(
    message: string,
    /** The last state read. */
    readonly last: unknown,
  ) {
    super(message);
  }
}

interface PollSpec<State> {
  read: () => Promise<State>;
  isDone: (state: State) => boolean;
  /** Pause before the next read; may depend on the state (uploads in verification: 15 s). */
  intervalMs: (state: State) => number;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  what: string;
}

/** Reads, and while not done pauses and reads again, through the transport's (injectable) sleep. */
export async function pollUntil<State>(transport: Transport, spec: PollSpec<State>): Promise<State> {
  let waited = 0;
  for (;;) {
    if (spec.signal?.aborted) throw new APIUserAbortError();
    const state = await spec.read();
    if (spec.isDone(state)) return state;
    const pause = spec.intervalMs(state);
    if (waited + pause > spec.timeoutMs) {
      throw new WaitTimeoutError(
        `${spec.what} was not done after ${Math.round(waited / 1000)} seconds.`,
        state,
      );
    }
    await transport.sleep(pause, spec.signal);
    waited += pause;
  }
}
