import { apiError } from '@socialpub/core';
import type { Context, MiddlewareHandler } from 'hono';
import type { Clock } from '../clocks/virtual-clock.js';
import type { FaultRecord } from '../db/faults-repo.js';
import type { Repositories } from '../db/repositories.js';
import type { AccountClockLookup } from '../domain/clocks/account-clocks.js';
import type { ServerEvents } from '../observability/server-events.js';
import type { AdminListener } from './admin-listener.js';
import { authenticate } from './auth.js';
import type { ClientAddresses } from './client-address.js';
import type { AppEnv } from './context.js';
import { ConnectionDroppedError, errorResponse, onError } from './error-response.js';
import { drop, faultError, faultHeader } from './faults.js';
import { checkHost } from './host-check.js';
import type { OwnNames } from './own-names.js';
import { isLogged, startLogRecord } from './request-log.js';
import { finishWithNoSniff, withNoSniff } from './security-headers.js';

export interface FrontDoorOptions {
  repos: Repositories;
  clock: Clock;
  clocks: AccountClockLookup;
  /** The server's own names: any other Host is refused before anything else (host-check.ts). */
  ownNames: OwnNames;
  /** The trusted-proxy setting's reading of a request's client address (client-address.ts). */
  clientAddresses: ClientAddresses;
  /** Where each request's duration goes (`/metrics`) and its JSON line (SOCIALPUB_LOG=json). */
  events: ServerEvents;
  /** SOCIALPUB_ADMIN_LISTEN: the admin API and /metrics on their own listener only. */
  adminListener: AdminListener;
  /** Requests answered before fault injection in the app (the dashboard, the browser's `/`): never faulted. */
  answeredBeforeFaults: (c: Context<AppEnv>) => boolean;
}

/** The addresses that take an API key. */
function needsApiKey(path: string): boolean {
  return path.startsWith('/api/v2/') || path.startsWith('/legacy/');
}

/** What the front door keeps between its steps before the routes and after them. */
export interface Entered {
  record: (status: number) => void;
  /** A fault armed `when: after` that matched: it replaces the routes' answer. */
  after: FaultRecord | null;
}

/** Whether `enter` let the request through to the routes (else it is the answer). */
export function isEntered(entered: Response | Entered): entered is Entered {
  return 'after' in entered;
}

/**
 * The front door's two halves: `enter` before the routes (an answer when the request is answered
 * there: a foreign Host, a refused key, a fault `when: before`), `leave` once they have answered
 * (`c.res`). The middleware and the read lane (read-lane.ts) run the same halves.
 */
export interface FrontDoorSteps {
  enter(c: Context<AppEnv>): Response | Entered;
  leave(c: Context<AppEnv>, entered: Entered): void;
  /** The request failed without an answer. */
  failed(entered: Entered): void;
}

/**
 * Every request's first step, in one synchronous pass: the Host check, the client address, the request log's record,
 * an API address's key check, and an armed fault (admin `POST /faults`); then the routes run, and
 * once they have answered the answer gets `X-Content-Type-Options: nosniff` and the record is
 * finished. One middleware instead of a layer per step each awaiting the next.
 *
 * The order is the parts' order: a foreign Host is refused (421) before anything, unlogged; the
 * log sees a refused key (401) and a fault's answer, which are answered before the routes; faults
 * match after authentication (a fault by `account_id` sees the caller); a fault `when: after` lets
 * the work happen and replaces the answer; `drop` cuts the connection and logs status 0.
 */
export function frontDoorSteps(options: FrontDoorOptions): FrontDoorSteps {
  const { repos, clock, clocks, answeredBeforeFaults, ownNames, clientAddresses, adminListener, events } =
    options;
  const unlogged: Entered = { record: () => {}, after: null };
  return {
    enter(c) {
      const misdirected = checkHost(c, ownNames, clientAddresses);
      if (misdirected !== null) return withNoSniff(misdirected);
      c.set('clientAddress', clientAddresses.of(c.env?.incoming));
      const path = c.req.path;
      if (adminListener.separate && adminListener.misplaced(c, path)) {
        return withNoSniff(errorResponse(c, apiError('not_found', `No such address: ${path}.`)));
      }
      if (!isLogged(path)) return unlogged;
      // One reading of the server's clock for the log record, and for the key check's bookkeeping
      // when the caller's account is on the server's clock.
      const now = clock.now();
      const record = startLogRecord(repos.requestLog, now, c, events);
      let fault: FaultRecord | null = null;
      try {
        if (needsApiKey(path)) authenticate(c, repos, clocks, { clock, now });
        // Most requests meet no armed fault: the question costs one flag then (faults-repo.ts).
        if (repos.faults.anyArmed() && !answeredBeforeFaults(c)) {
          fault = repos.faults.consumeMatch({
            method: c.req.method,
            path,
            accountId: c.get('caller')?.account.id ?? null,
          });
        }
        if (fault !== null && fault.when === 'before') {
          if (fault.answer === 'drop') drop(c);
          const answer = errorResponse(c, faultError(fault.answer), faultHeader(fault.id));
          record(answer.status);
          return withNoSniff(answer);
        }
      } catch (error) {
        if (error instanceof ConnectionDroppedError) {
          record(0);
          throw error;
        }
        const answer = onError(error as Error, c) as Response;
        record(answer.status);
        return withNoSniff(answer);
      }
      return { record, after: fault };
    },
    leave(c, { record, after }) {
      if (after !== null) {
        if (after.answer === 'drop') {
          record(0);
          drop(c);
        }
        // Takes the routes' answer's headers (nosniff among them once finished) with it.
        c.res = errorResponse(c, faultError(after.answer), faultHeader(after.id));
      }
      finishWithNoSniff(c);
      record(c.res.status);
    },
    failed({ record }) {
      record(0);
    },
  };
}

/** The front door as the app's first middleware (`frontDoorSteps` around the routes). */
export function frontDoor(steps: FrontDoorSteps): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const entered = steps.enter(c);
    if (!isEntered(entered)) return Promise.resolve(entered);
    return next().then(
      () => steps.leave(c, entered),
      (error: unknown) => {
        steps.failed(entered);
        throw error;
      },
    );
  };
}
