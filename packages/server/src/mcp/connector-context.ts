import type { AccountsAnswerCache } from '../domain/accounts-answer.js';
import type { Services } from '../services.js';
import type { ConnectorIdempotency } from './connector-idempotency.js';

/** What every caller's backend shares, built once per app. */
export interface ConnectorContext {
  services: Services;
  /** GET /accounts' own serialised answer per account, shared by list_accounts. */
  accountsAnswers: AccountsAnswerCache;
  idempotency: ConnectorIdempotency;
}
