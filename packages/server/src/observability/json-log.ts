import { pino } from 'pino';

/** Where the JSON lines go: stdout by default; tests pass a stream of their own. */
export interface LogDestination {
  write(line: string): unknown;
}

/** A request as the JSON log shows it: the request log's fields, never a body, a header or a query. */
export interface RequestLine {
  method: string;
  path: string;
  route: string;
  status: number;
  durationMs: number;
  clientAddress: string | null;
  accountId: string | null;
  errorCode: string | null;
}

/** A scheduled post's send as the JSON log shows it: ids, networks, outcome and lateness, never its text. */
export interface SendLine {
  scheduledPostId: string;
  accountId: string;
  platforms: readonly string[];
  outcome: string;
  dueAt: string;
  lagSeconds: number;
}

/**
 * SOCIALPUB_LOG=json: one line per request and per scheduler send on stdout, written by pino
 * (asynchronously, flushed at close). Only the fields named here are written, so no key, token,
 * password, cookie or body can reach it.
 */
export class JsonLog {
  readonly #logger: pino.Logger;
  readonly #flush: () => void;

  constructor(destination?: LogDestination) {
    const stream = destination ?? pino.destination({ dest: 1, sync: false });
    this.#logger = pino(
      { base: null, timestamp: pino.stdTimeFunctions.isoTime },
      stream as pino.DestinationStream,
    );
    this.#flush = () => {
      if (destination === undefined) (stream as ReturnType<typeof pino.destination>).flushSync();
    };
  }

  request(line: RequestLine): void {
    this.#logger.info(
      {
        method: line.method,
        path: line.path,
        route: line.route,
        status: line.status,
        duration_ms: line.durationMs,
        client_address: line.clientAddress,
        account_id: line.accountId,
        error_code: line.errorCode,
      },
      'request',
    );
  }

  scheduledSend(line: SendLine): void {
    this.#logger.info(
      {
        scheduled_post_id: line.scheduledPostId,
        account_id: line.accountId,
        platforms: line.platforms,
        outcome: line.outcome,
        due_at: line.dueAt,
        lag_seconds: line.lagSeconds,
      },
      'scheduled send',
    );
  }

  close(): void {
    try {
      this.#flush();
    } catch {
      // stdout already closed: nothing more can be written.
    }
  }
}
