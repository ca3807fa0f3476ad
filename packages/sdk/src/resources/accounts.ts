import type { RequestOptions, Transport } from '../transport.js';
import type { AccountsListResponse, OptionsResponse, Platform } from '../types.js';

export interface AccountOptionsParams {
  /** Networks to answer; default every connected network. */
  platforms?: readonly Platform[];
  /** Skool group whose labels to read (1 to 200 characters). */
  skoolGroupSlug?: string;
}

/** GET /accounts and GET /accounts/{id}/options. */
export class Accounts {
  constructor(private readonly transport: Transport) {}

  async list(options?: RequestOptions): Promise<AccountsListResponse> {
    const response = await this.transport.request<AccountsListResponse>({
      method: 'GET',
      path: '/api/v2/accounts',
      options,
    });
    return response.data;
  }

  async options(
    profileId: string,
    params: AccountOptionsParams = {},
    options?: RequestOptions,
  ): Promise<OptionsResponse> {
    const response = await this.transport.request<OptionsResponse>({
      method: 'GET',
      path: `/api/v2/accounts/${encodeURIComponent(profileId)}/options`,
      query: { platforms: params.platforms, skool_group_slug: params.skoolGroupSlug },
      options,
    });
    return response.data;
  }
}
