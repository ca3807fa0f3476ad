import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../clocks/virtual-clock.js';
import type { Repositories } from '../db/repositories.js';
import { bearerToken, type Caller, resolveApiKey } from '../domain/api-keys.js';
import type { AccountClockLookup } from '../domain/clocks/account-clocks.js';
import type { ReadLimiter } from '../domain/read-limits.js';
import type { ServerEvents } from '../observability/server-events.js';
import { callerTime } from './auth.js';
import type { ClientAddresses } from './client-address.js';
import type { OwnNames } from './own-names.js';
import { readAnswerRawHead } from './read-headers.js';

const PATH = '/api/v2/accounts';
/** The rows a read may add to the write-behind: its count, the key's last use, its log row. */
const BOOKKEEPING_ROWS = 3;

export interface NodeAccountsLaneOptions {
  repos: Repositories;
  clock: Clock;
  clocks: AccountClockLookup;
  ownNames: OwnNames;
  clientAddresses: ClientAddresses;
  events: ServerEvents;
  readLimiter: ReadLimiter;
  /** The kept answers the route answers from (routes/accounts.ts). */
  answers: { json(accountId: string, now: Date): string };
}

/** Node's request and answer objects for one request; true when the lane answered it. */
export type NodeLane = (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;

interface Admitted {
  started: number;
  at: Date;
  now: Date;
  caller: Caller;
  json: string;
}

interface LaneHeaders {
  host: string;
  authorization: string;
}

/**
 * The Host and Authorization of a request that names each once, has no Idempotency-Key (which the
 * log would show), no X-Forwarded-Host a trusted proxy may have set (the Host check reads it then)
 * and no value the listener would have trimmed or refused; else null. The listener
 * joins a repeated Host or Authorization (`a, b`), so only single ones are read here.
 */
function laneHeaders(raw: readonly string[], forwardedHostCounts: boolean): LaneHeaders | null {
  let host: string | undefined;
  let authorization: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 4 && name.toLowerCase() === 'host') {
      if (host !== undefined) return null;
      host = raw[i + 1] as string;
    } else if (name.length === 13 && name.toLowerCase() === 'authorization') {
      if (authorization !== undefined) return null;
      authorization = raw[i + 1] as string;
    } else if (name.length === 15 && name.toLowerCase() === 'idempotency-key') {
      return null;
    } else if (forwardedHostCounts && name.length === 16 && name.toLowerCase() === 'x-forwarded-host') {
      return null;
    }
  }
  if (host === undefined || authorization === undefined) return null;
  if (!plainValue(host) || !plainValue(authorization)) return null;
  return { host, authorization };
}

/** No whitespace at either end and no NUL, CR or LF (values the listener would change). */
function plainValue(value: string): boolean {
  return (
    value !== '' &&
    !isHttpWhitespace(value.charCodeAt(0)) &&
    !isHttpWhitespace(value.charCodeAt(value.length - 1)) &&
    value.indexOf('\0') === -1 &&
    value.indexOf('\r') === -1 &&
    value.indexOf('\n') === -1
  );
}

function isHttpWhitespace(code: number): boolean {
  return code === 9 || code === 10 || code === 13 || code === 32;
}

/**
 * The one read every client makes most, `GET /api/v2/accounts` with a valid key, answered on Node's
 * own request and answer objects: no Hono Request, Context or Response, no promise. The listener's
 * adapter turns each request into web objects and the answer back, which cost more than the
 * read's own work. The lane takes a request only when every step would pass: the exact path, GET,
 * no armed fault, the server's own Host, a key that resolves to an account not being deleted, a
 * read within the limit, and bookkeeping that writes nothing to the database (so nothing past the
 * count can fail). Anything else (a refusal, an error, a query string, any other spelling or
 * header case above) is left untouched to the app, which answers it as before; the
 * lane does what the front door and the route do for it, in the same order where it shows, and
 * writes the same bytes (`test/http/node-accounts-lane-wire.test.ts`).
 */
export function nodeAccountsLane(options: NodeAccountsLaneOptions): NodeLane {
  const { repos, clock, clocks, ownNames, clientAddresses, events, readLimiter, answers } = options;
  /** The request's caller, time and answer once the read is counted; null leaves the request to the app. */
  const admit = (incoming: IncomingMessage): Admitted | null => {
    if (incoming.url !== PATH || incoming.method !== 'GET' || repos.faults.anyArmed()) return null;
    const headers = laneHeaders(incoming.rawHeaders, clientAddresses.trustsProxy);
    if (headers === null || ownNames.baseFor(headers.host) === null) return null;
    const started = performance.now();
    const at = clock.now();
    const presented = bearerToken(headers.authorization);
    const caller = presented === null ? null : resolveApiKey(repos, presented);
    if (caller === null || caller.account.deletingSince !== null) return null;
    const now = callerTime(clocks, caller.account.id, { clock, now: at });
    // The answer before the count: a failure leaves nothing counted.
    const json = answers.json(caller.account.id, now);
    // Past the count nothing may fail: no database write may fall due (a snapshot at its bound, a
    // minute's pruning), so the read whose bookkeeping writes is the app's.
    if (!repos.writeBehind.roomFor(BOOKKEEPING_ROWS)) return null;
    if (!readLimiter.tryTake(caller.account.id, 'accounts', now)) return null;
    return { started, at, now, caller, json };
  };
  return (incoming, outgoing) => {
    let admitted: Admitted | null;
    try {
      admitted = admit(incoming);
    } catch {
      // The app meets the same failure and answers it as it answers every error.
      return false;
    }
    if (admitted === null) return false;
    const { started, at, now, caller, json } = admitted;
    const accountId = caller.account.id;
    repos.apiKeyLastUsed.touch(caller.apiKey.id, now, caller.facts);
    try {
      const elapsedMs = performance.now() - started;
      const clientAddress = clientAddresses.of(incoming);
      repos.requestLog.add({
        atMs: at.getTime(),
        method: 'GET',
        path: PATH,
        status: 200,
        errorCode: null,
        durationMs: Math.round(elapsedMs),
        accountId,
        clientAddress,
        idempotencyKey: null,
        replayed: false,
      });
      events.request('GET', PATH, 200, elapsedMs / 1000, {
        path: PATH,
        clientAddress,
        accountId,
        errorCode: null,
      });
    } catch {
      // Logging must never turn an answer into a failure (as the front door's record).
    }
    outgoing.writeHead(200, readAnswerRawHead(Buffer.byteLength(json)));
    outgoing.end(json);
    return true;
  };
}
