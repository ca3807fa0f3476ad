import { apiError } from '@socialpub/core';
import type { Context } from 'hono';
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
import { RequestLogRecord } from './request-log.js';
import type { RouteNeeds } from './route-needs.js';
import { finishWithNoSniff, withNoSniff } from './security-headers.js';

export interface PipelineStepsOptions {
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
}

/** What the steps keep between their halves, before the route and after it. */
export interface Entered {
  /** The request log's record (null on an unlogged address). */
  record: RequestLogRecord | null;
  /** A fault armed `when: after` that matched: it replaces the route's answer. */
  after: FaultRecord | null;
}

/** Whether `enter` let the request through to the route (else it is the answer). */
export function isEntered(entered: Response | Entered): entered is Entered {
  return 'after' in entered;
}

/**
 * The pipeline's steps in two halves: `enter` before the route (an answer when the request is
 * answered there: a foreign Host, a refused key, a fault `when: before`), `leave` once it has
 * answered (`c.res`). pipeline.ts compiles them around each route with the route's needs.
 */
export interface PipelineSteps {
  /** `route`: the pattern of the route the request reached ('' when none took it), for the log. */
  enter(c: Context<AppEnv>, needs: RouteNeeds, route: string): Response | Entered;
  leave(c: Context<AppEnv>, entered: Entered): void;
  /** The request failed without an answer. */
  failed(entered: Entered): void;
}

/**
 * Every request's steps, in one synchronous pass: the Host check, the client address, the
 * listener's place, the request log's record, the key check and an armed fault (admin
 * `POST /faults`), each as far as the route needs it; then the route runs, and once it has
 * answered the answer gets `X-Content-Type-Options: nosniff` and the record is finished.
 *
 * The order is the parts' order: a foreign Host is refused (421) before anything, unlogged; the
 * log sees a refused key (401) and a fault's answer, which are answered before the route; faults
 * match after authentication (a fault by `account_id` sees the caller); a fault `when: after` lets
 * the work happen and replaces the answer; `drop` cuts the connection and logs status 0.
 */
export function pipelineSteps(options: PipelineStepsOptions): PipelineSteps {
  const { repos, clock, clocks, ownNames, clientAddresses, adminListener, events } = options;
  const unlogged: Entered = { record: null, after: null };
  return {
    enter(c, needs, route) {
      const misdirected = checkHost(c, ownNames, clientAddresses);
      if (misdirected !== null) return withNoSniff(misdirected);
      c.set('clientAddress', clientAddresses.of(c.env?.incoming));
      if (adminListener.separate && adminListener.misplaced(c, c.req.path)) {
        return withNoSniff(errorResponse(c, apiError('not_found', `No such address: ${c.req.path}.`)));
      }
      if (!needs.logged) return unlogged;
      // One reading of the server's clock for the log record, and for the key check's bookkeeping
      // when the caller's account is on the server's clock.
      const now = clock.now();
      const record = new RequestLogRecord(repos.requestLog, now, c, events, route);
      let fault: FaultRecord | null = null;
      try {
        if (needs.apiKey) authenticate(c, repos, clocks, { clock, now });
        // The one place armed faults are asked about; most requests meet none, and the question
        // costs one flag then (faults-repo.ts).
        if (repos.faults.anyArmed() && faultable(needs, c)) {
          fault = repos.faults.consumeMatch({
            method: c.req.method,
            path: c.req.path,
            accountId: c.get('caller')?.account.id ?? null,
          });
        }
        if (fault !== null && fault.when === 'before') {
          if (fault.answer === 'drop') drop(c);
          const answer = errorResponse(c, faultError(fault.answer), faultHeader(fault.id));
          record.finish(answer.status);
          return withNoSniff(answer);
        }
      } catch (error) {
        if (error instanceof ConnectionDroppedError) {
          record.finish(0);
          throw error;
        }
        const answer = onError(error as Error, c) as Response;
        record.finish(answer.status);
        return withNoSniff(answer);
      }
      return { record, after: fault };
    },
    leave(c, { record, after }) {
      if (after !== null) {
        if (after.answer === 'drop') {
          record?.finish(0);
          drop(c);
        }
        // Takes the route's answer's headers (nosniff among them once finished) with it.
        c.res = errorResponse(c, faultError(after.answer), faultHeader(after.id));
      }
      finishWithNoSniff(c);
      record?.finish(c.res.status);
    },
    failed({ record }) {
      record?.finish(0);
    },
  };
}

function faultable(needs: RouteNeeds, c: Context<AppEnv>): boolean {
  return typeof needs.faults === 'function' ? needs.faults(c) : needs.faults;
}
