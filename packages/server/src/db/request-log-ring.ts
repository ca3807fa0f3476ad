export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  status: number;
  errorCode: string | null;
  durationMs: number;
  accountId: string | null;
  /** The client address the trusted-proxy setting yielded (http/client-address.ts); null in older rows. */
  clientAddress: string | null;
  idempotencyKey: string | null;
  replayed: boolean;
}

/** What the request path records: the time as milliseconds, turned into text only when read or saved. */
export type RequestLogRecord = Omit<RequestLogEntry, 'at'> & { atMs: number };

/**
 * The request log's last records, kept field by field in arrays made once (numbers in typed arrays,
 * the texts in plain ones) instead of one object per request: a record lives about as long as
 * the time between two young-generation collections under load, so an object per record was
 * nearly all the young generation's survivors and what it promoted to the old one (which a full
 * collection of a large heap then pays for). The texts it holds are mostly the server's own
 * (methods, error codes, the accounts' ids); a path equal to the previous record's is kept as that
 * one's string, so a run of requests to one address adds no new string either.
 */
export class RequestLogRing {
  readonly #atMs: Float64Array;
  readonly #status: Float64Array;
  readonly #durationMs: Float64Array;
  readonly #replayed: Uint8Array;
  readonly #method: string[];
  readonly #path: string[];
  readonly #errorCode: (string | null)[];
  readonly #accountId: (string | null)[];
  readonly #idempotencyKey: (string | null)[];
  readonly #clientAddress: (string | null)[];
  #lastPath = '';

  constructor(readonly size: number) {
    this.#atMs = new Float64Array(size);
    this.#status = new Float64Array(size);
    this.#durationMs = new Float64Array(size);
    this.#replayed = new Uint8Array(size);
    this.#method = new Array<string>(size).fill('');
    this.#path = new Array<string>(size).fill('');
    this.#errorCode = new Array<string | null>(size).fill(null);
    this.#accountId = new Array<string | null>(size).fill(null);
    this.#idempotencyKey = new Array<string | null>(size).fill(null);
    this.#clientAddress = new Array<string | null>(size).fill(null);
  }

  set(slot: number, record: RequestLogRecord): void {
    this.#atMs[slot] = record.atMs;
    this.#status[slot] = record.status;
    this.#durationMs[slot] = record.durationMs;
    this.#replayed[slot] = record.replayed ? 1 : 0;
    this.#method[slot] = record.method;
    let path = record.path;
    if (path === this.#lastPath) path = this.#lastPath;
    else this.#lastPath = path;
    this.#path[slot] = path;
    this.#errorCode[slot] = record.errorCode;
    this.#accountId[slot] = record.accountId;
    this.#idempotencyKey[slot] = record.idempotencyKey;
    this.#clientAddress[slot] = record.clientAddress;
  }

  /** The record in `slot` as an object of its own (made when listed or saved, not when added). */
  get(slot: number): RequestLogRecord {
    return {
      atMs: this.#atMs[slot] as number,
      method: this.#method[slot] as string,
      path: this.#path[slot] as string,
      status: this.#status[slot] as number,
      errorCode: this.#errorCode[slot] ?? null,
      durationMs: this.#durationMs[slot] as number,
      accountId: this.#accountId[slot] ?? null,
      clientAddress: this.#clientAddress[slot] ?? null,
      idempotencyKey: this.#idempotencyKey[slot] ?? null,
      replayed: this.#replayed[slot] === 1,
    };
  }

  accountIdAt(slot: number): string | null {
    return this.#accountId[slot] ?? null;
  }

  /** Lets go of every text held (the numbers are overwritten before they are read again). */
  clear(): void {
    this.#method.fill('');
    this.#path.fill('');
    this.#errorCode.fill(null);
    this.#accountId.fill(null);
    this.#idempotencyKey.fill(null);
    this.#clientAddress.fill(null);
    this.#lastPath = '';
  }
}
