import { apiError, normalizeIdempotencyKey, readDryRun, readJsonText } from '@socialpub/core';
import type { Context, MiddlewareHandler, Next } from 'hono';
import type { IdempotencyScope, StoredAnswer } from '../db/idempotency-repo.js';
import {
  answerHeadersToStore,
  defaultIdempotencyOutcome,
  IDEMPOTENT_REPLAYED_HEADER,
  type IdempotencyOutcome,
  IdempotencyService,
  requestFingerprint,
} from '../domain/idempotency/index.js';
import type { Services } from '../services.js';
import type { AppEnv } from './context.js';
import { JSON_BODY_LIMIT_BYTES, readBodyText, readLimited } from './json-body.js';
import type { Pipeline } from './pipeline.js';
import { onlyWhen } from './route-chain.js';

declare module 'hono' {
  interface ContextVariableMap {
    /**
     * Set by the POST /posts and POST /media handlers when the default is wrong for their answer
     * (see `setIdempotencyOutcome`). Unset: a 2xx is remembered, anything else forgotten.
     */
    idempotencyOutcome: IdempotencyOutcome;
    /** The normalised Idempotency-Key of a request it applied to. */
    idempotencyKey: string;
    /** True when the answer is a replay of the first answer (no handler ran). */
    idempotencyReplayed: boolean;
  }
}

/**
 * For handlers: say whether this answer is kept for replays (Idempotency, rules 7 and 8).
 * `remember` for an unconfirmed outcome (a 5xx `platform_error` after the post was handed to the
 * network); `forget` for a 2xx that must not be kept (none known today). Harmless without a key.
 */
export function setIdempotencyOutcome(c: Context<AppEnv>, outcome: IdempotencyOutcome): void {
  c.set('idempotencyOutcome', outcome);
}

/** The addresses the header applies to; the two posts and the two media addresses share entries. */
export const IDEMPOTENT_ADDRESSES: ReadonlyArray<readonly [path: string, scope: IdempotencyScope]> = [
  ['/api/v2/posts', 'posts'],
  ['/legacy/posts', 'posts'],
  ['/api/v2/media', 'media'],
  ['/legacy/media', 'media'],
];

/**
 * The body as JSON, from a copy of the request so the handler still reads the original. Undefined
 * when it is not JSON, nests deeper than core's limit or is over the body limit: the handler
 * refuses it (400), and refusals are never remembered, so there is nothing to claim (and a deep
 * body never reaches the fingerprint's walk).
 */
async function readBodyForIdentity(c: Context<AppEnv>): Promise<{ value: unknown } | undefined> {
  // A declared body is read once through Hono's cache (the handler reads the same text); a chunked
  // one from a copy, which the handler's own read then leaves whole.
  const declared = c.req.header('content-length') !== undefined;
  const text = declared
    ? await readBodyText(c, JSON_BODY_LIMIT_BYTES)
    : await readLimited(c.req.raw.clone(), JSON_BODY_LIMIT_BYTES);
  if (text === null) return undefined;
  const reading = readJsonText(text);
  return reading.ok ? { value: reading.value } : undefined;
}

function replayResponse(answer: StoredAnswer): Response {
  const headers = new Headers(answer.headers);
  headers.set(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return new Response(new Uint8Array(answer.body), { status: answer.status, headers });
}

/**
 * Idempotency-Key on POST /posts and POST /media (Endpoints, Idempotency). Mounted after
 * authentication (a key belongs to the API key that sent it) and after fault injection, so that a
 * fault `when: after` replaces the answer only on the wire: the real first answer is stored, and a
 * later replay returns it. GET, DELETE and dry runs ignore the header (rule 10).
 */
export function idempotency(scope: IdempotencyScope, service: IdempotencyService): MiddlewareHandler<AppEnv> {
  // A request without the header passes straight on (no async layer of its own: one promise and
  // microtask less for every dry run and publish sent without a key).
  return (c, next) => {
    if (c.req.method !== 'POST') return next();
    const raw = c.req.header('idempotency-key');
    const caller = c.get('caller');
    if (raw === undefined || !caller) return next();
    return withKey(c, next, raw, caller);
  };

  async function withKey(
    c: Context<AppEnv>,
    next: Next,
    raw: string,
    caller: AppEnv['Variables']['caller'],
  ): ReturnType<MiddlewareHandler<AppEnv>> {
    // A body that is not JSON is the handler's 400 (it also places its own key check among its
    // other checks); refusals are never remembered, so there is nothing to claim.
    const body = await readBodyForIdentity(c);
    if (body === undefined) return next();
    // Rule 10: dry runs send nothing and ignore the header; a bad `dryRun` is the handler's 400.
    if (scope === 'posts' && readDryRun(body.value) !== false) return next();
    const normalized = normalizeIdempotencyKey(raw);
    if (!normalized.ok || normalized.key === null) {
      throw apiError(
        'idempotency_key_invalid',
        'The Idempotency-Key header must be 1 to 255 printable ASCII characters; nothing was sent.',
      );
    }

    c.set('idempotencyKey', normalized.key);
    const decision = service.begin({
      apiKeyId: caller.apiKey.id,
      accountId: caller.account.id,
      scope,
      idempotencyKey: normalized.key,
      bodySha256: requestFingerprint(body.value),
    });
    if (decision.kind === 'replay') {
      c.set('idempotencyReplayed', true);
      if (decision.answer.errorCode !== null) c.set('errorCode', decision.answer.errorCode);
      return replayResponse(decision.answer);
    }

    try {
      await next();
    } catch (error) {
      service.abandon(decision.claimToken);
      throw error;
    }
    const answer = c.res;
    // Read once and sent as the same bytes: a clone would stay in undici's registry of cloned
    // answers until a full collection, one per request.
    const answerBody = new Uint8Array(await answer.arrayBuffer());
    c.res = new Response(answerBody, { status: answer.status, headers: answer.headers });
    const flagged: IdempotencyOutcome | undefined = c.get('idempotencyOutcome');
    service.finish(
      decision.claimToken,
      flagged ?? defaultIdempotencyOutcome(answer.status),
      {
        status: answer.status,
        headers: answerHeadersToStore(answer.headers),
        body: answerBody,
        errorCode: c.get('errorCode') ?? null,
      },
      caller.account.id,
    );
  }
}

/** A request the idempotency layer may act on: a POST that names a key. Every other passes straight on. */
export function mayClaim(c: Context<AppEnv>): boolean {
  return c.req.method === 'POST' && c.req.header('idempotency-key') !== undefined;
}

/**
 * Wires idempotency into the pipeline: one service over the real repository and clock, and the
 * middleware on the four addresses, compiled to run only for a request that names a key (createApp
 * adds the 24-hour purge as due work). Call it before the posts and media routes are registered.
 */
export function installIdempotency(pipeline: Pipeline, services: Services): IdempotencyService {
  const service = new IdempotencyService(services.repos.idempotency, (accountId) =>
    accountId === undefined ? services.clock : services.clocks.forAccount(accountId),
  );
  for (const [path, scope] of IDEMPOTENT_ADDRESSES) {
    pipeline.use(path, onlyWhen(mayClaim, idempotency(scope, service)));
  }
  return service;
}
