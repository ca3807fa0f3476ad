import type {
  AdminAccount,
  AdminAccountCreate,
  AdminAccountDeleted,
  AdminAccountDetail,
  AdminClock,
  AdminClockMove,
  AdminClockMoved,
  AdminFault,
  AdminFaultCreate,
  AdminFaultList,
  AdminFaultRemoved,
  AdminKeyCreate,
  AdminKeyCreated,
  AdminKeyRevoked,
  AdminLibraryItem,
  AdminMediaCreate,
  AdminNetwork,
  AdminNetworkPut,
  AdminNetworkRemoved,
  AdminOutbox,
  AdminProfileCreate,
  AdminRequestLog,
  AdminRequestsQuery,
  AdminTestClock,
  AdminTestClockCreate,
  AdminTestClockDeleted,
  AdminTestClockDetail,
  AdminTestClockMoved,
  NetworkRulesMode,
  Platform,
  Profile,
} from '@socialpub/core';
import type { APIRequest, RequestOptions, Transport } from '../transport.js';

const id = (value: string) => encodeURIComponent(value);

/** One admin call: the path below `/admin/v1`, the body, the answer. */
async function call<T>(
  transport: Transport,
  method: APIRequest['method'],
  path: string,
  body?: unknown,
  options?: RequestOptions,
  query?: APIRequest['query'],
): Promise<T> {
  const response = await transport.request<T>({ method, path: `/admin/v1${path}`, body, query, options });
  return response.data;
}

/** Accounts: create (optionally on a test clock), read with usage, change, delete, outbox, dashboard files. */
export class AdminAccounts {
  constructor(private readonly transport: Transport) {}
  create(body: AdminAccountCreate = {}, options?: RequestOptions): Promise<AdminAccount> {
    return call(this.transport, 'POST', '/accounts', body, options);
  }
  get(accountId: string, options?: RequestOptions): Promise<AdminAccountDetail> {
    return call(this.transport, 'GET', `/accounts/${id(accountId)}`, undefined, options);
  }
  update(accountId: string, body: AdminAccountCreate, options?: RequestOptions): Promise<AdminAccount> {
    return call(this.transport, 'PATCH', `/accounts/${id(accountId)}`, body, options);
  }
  /** Deletes the account and everything it owns; its keys then answer 401. */
  delete(accountId: string, options?: RequestOptions): Promise<AdminAccountDeleted> {
    return call(this.transport, 'DELETE', `/accounts/${id(accountId)}`, undefined, options);
  }
  outbox(accountId: string, options?: RequestOptions): Promise<AdminOutbox> {
    return call(this.transport, 'GET', `/accounts/${id(accountId)}/outbox`, undefined, options);
  }
  addMedia(accountId: string, body: AdminMediaCreate, options?: RequestOptions): Promise<AdminLibraryItem> {
    return call(this.transport, 'POST', `/accounts/${id(accountId)}/media`, body, options);
  }
}

/** API keys: the secret is in the create answer only. */
export class AdminKeys {
  constructor(private readonly transport: Transport) {}
  create(accountId: string, body: AdminKeyCreate = {}, options?: RequestOptions): Promise<AdminKeyCreated> {
    return call(this.transport, 'POST', `/accounts/${id(accountId)}/keys`, body, options);
  }
  revoke(keyId: string, options?: RequestOptions): Promise<AdminKeyRevoked> {
    return call(this.transport, 'DELETE', `/keys/${id(keyId)}`, undefined, options);
  }
}

export class AdminProfiles {
  constructor(private readonly transport: Transport) {}
  create(accountId: string, body: AdminProfileCreate, options?: RequestOptions): Promise<Profile> {
    return call(this.transport, 'POST', `/accounts/${id(accountId)}/profiles`, body, options);
  }
}

/** A profile's network connections and their simulated behaviour. */
export class AdminNetworks {
  constructor(private readonly transport: Transport) {}
  connect(
    profileId: string,
    platform: Platform,
    body: AdminNetworkPut = {},
    options?: RequestOptions,
  ): Promise<AdminNetwork> {
    return call(this.transport, 'PUT', `/profiles/${id(profileId)}/networks/${platform}`, body, options);
  }
  update(
    profileId: string,
    platform: Platform,
    body: AdminNetworkPut,
    options?: RequestOptions,
  ): Promise<AdminNetwork> {
    return call(this.transport, 'PATCH', `/profiles/${id(profileId)}/networks/${platform}`, body, options);
  }
  /**
   * `simulate.rules` of a connection, the rest of its `simulate` kept: `real` (the default) refuses
   * what the real network refuses, `lenient` takes it (for tests that need the old acceptance).
   */
  async setRules(
    profileId: string,
    platform: Platform,
    rules: NetworkRulesMode,
    options?: RequestOptions,
  ): Promise<AdminNetwork> {
    const current = await this.update(profileId, platform, {}, options);
    return this.update(profileId, platform, { simulate: { ...current.simulate, rules } }, options);
  }
  disconnect(profileId: string, platform: Platform, options?: RequestOptions): Promise<AdminNetworkRemoved> {
    return call(
      this.transport,
      'DELETE',
      `/profiles/${id(profileId)}/networks/${platform}`,
      undefined,
      options,
    );
  }
}

/**
 * Test clocks, and the server's own clock. Moving a clock answers after everything due for its
 * accounts has run, so the outcome is visible at once.
 */
export class AdminClocks {
  constructor(private readonly transport: Transport) {}
  create(body: AdminTestClockCreate, options?: RequestOptions): Promise<AdminTestClock> {
    return call(this.transport, 'POST', '/clocks', body, options);
  }
  get(clockId: string, options?: RequestOptions): Promise<AdminTestClockDetail> {
    return call(this.transport, 'GET', `/clocks/${id(clockId)}`, undefined, options);
  }
  /** `{ advance_seconds }` or `{ now }`; never backwards (400). */
  move(clockId: string, body: AdminClockMove, options?: RequestOptions): Promise<AdminTestClockMoved> {
    return call(this.transport, 'POST', `/clocks/${id(clockId)}`, body, options);
  }
  advance(clockId: string, seconds: number, options?: RequestOptions): Promise<AdminTestClockMoved> {
    return this.move(clockId, { advance_seconds: seconds }, options);
  }
  /** Deletes the clock and every account on it. */
  delete(clockId: string, options?: RequestOptions): Promise<AdminTestClockDeleted> {
    return call(this.transport, 'DELETE', `/clocks/${id(clockId)}`, undefined, options);
  }
  /** The server's clock (the clock of accounts created without a test clock). */
  server(options?: RequestOptions): Promise<AdminClock> {
    return call(this.transport, 'GET', '/clock', undefined, options);
  }
  moveServer(body: AdminClockMove, options?: RequestOptions): Promise<AdminClockMoved> {
    return call(this.transport, 'POST', '/clock', body, options);
  }
}

export class AdminFaults {
  constructor(private readonly transport: Transport) {}
  create(body: AdminFaultCreate, options?: RequestOptions): Promise<AdminFault> {
    return call(this.transport, 'POST', '/faults', body, options);
  }
  list(options?: RequestOptions): Promise<AdminFaultList> {
    return call(this.transport, 'GET', '/faults', undefined, options);
  }
  delete(faultId: string, options?: RequestOptions): Promise<AdminFaultRemoved> {
    return call(this.transport, 'DELETE', `/faults/${id(faultId)}`, undefined, options);
  }
}

export class AdminRequests {
  constructor(private readonly transport: Transport) {}
  list(query: AdminRequestsQuery = {}, options?: RequestOptions): Promise<AdminRequestLog> {
    const params = {
      account_id: query.account_id,
      limit: query.limit === undefined ? undefined : Number(query.limit),
    };
    return call(this.transport, 'GET', '/requests', undefined, options, params);
  }
}
