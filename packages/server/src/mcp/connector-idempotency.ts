import type { IdempotencyScope } from '../db/idempotency-repo.js';
import {
  IdempotencyService,
  idempotencyExpirySource,
  requestFingerprint,
} from '../domain/idempotency/index.js';
import type { Services } from '../services.js';
import type { BackendAnswerWithMemory } from './domain-answers.js';

/**
 * Idempotency for the connector's POST /posts and POST /media calls, with the same service and
 * rules as the REST middleware. An API key's entries are its REST entries (the same key value
 * replays across REST and the connector); a signed-in app's live in their own table by grant.
 */
export class ConnectorIdempotency {
  readonly #keys: IdempotencyService;
  readonly #grants: IdempotencyService;

  constructor(services: Services) {
    const clockOf = (accountId: string | undefined) =>
      accountId === undefined ? services.clock : services.clocks.forAccount(accountId);
    this.#keys = new IdempotencyService(services.repos.idempotency, clockOf);
    const grantStore = services.repos.connectorIdempotency;
    this.#grants = new IdempotencyService(grantStore, clockOf);
    services.dueWork.addSource({
      ...idempotencyExpirySource(grantStore),
      name: 'connector-idempotency-expiry',
    });
  }

  /** Runs `work` once per (owner, scope, key, body); a repeat answers the first answer. */
  async run(
    owner: { id: string; isGrant: boolean; accountId?: string },
    scope: IdempotencyScope,
    key: string,
    body: unknown,
    work: () => Promise<BackendAnswerWithMemory>,
  ): Promise<BackendAnswerWithMemory & { replayed: boolean }> {
    const service = owner.isGrant ? this.#grants : this.#keys;
    const decision = service.begin({
      apiKeyId: owner.id,
      ...(owner.accountId === undefined ? {} : { accountId: owner.accountId }),
      scope,
      idempotencyKey: key,
      bodySha256: requestFingerprint(body),
    });
    if (decision.kind === 'replay') {
      const text = new TextDecoder().decode(decision.answer.body);
      return {
        status: decision.answer.status,
        body: JSON.parse(text) as Record<string, unknown>,
        remember: true,
        replayed: true,
      };
    }
    let answer: BackendAnswerWithMemory;
    try {
      answer = await work();
    } catch (error) {
      // A refusal is never remembered (rule 8): the fixed request may reuse the key.
      service.abandon(decision.claimToken);
      throw error;
    }
    const errorCode = (answer.body['error'] as { code?: unknown } | undefined)?.code;
    service.finish(
      decision.claimToken,
      answer.remember ? 'remember' : 'forget',
      {
        status: answer.status,
        headers: [['content-type', 'application/json']],
        body: new TextEncoder().encode(JSON.stringify(answer.body)),
        errorCode: typeof errorCode === 'string' ? errorCode : null,
      },
      owner.accountId,
    );
    return { ...answer, replayed: false };
  }
}
