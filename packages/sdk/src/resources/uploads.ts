import type { RequestOptions, Transport } from '../transport.js';
import type {
  CancelUploadResponse,
  CompleteResponse,
  TokenResponse,
  UploaderRunner,
  UploaderShell,
  UploadLink,
} from '../types.js';

export interface UploadLinkParams {
  file_name: string;
  /** Exact size in bytes, above 0. */
  size_bytes: number;
  /** 64 hex characters. */
  sha256: string;
  shell?: UploaderShell;
  runner?: UploaderRunner;
  /** 30 to 7000, default 100. */
  max_run_seconds?: number;
}

export interface TokenParams {
  shell?: UploaderShell;
  runner?: UploaderRunner;
  max_run_seconds?: number;
}

/**
 * /media/uploads. Retrying these after a lost answer is safe without an Idempotency-Key: the same
 * file asked again from the same key answers 200 `renewed` with the same address (nothing reserved
 * twice), and calling complete again is harmless. A retried token request may use one of the
 * link's 12 tokens.
 */
export class Uploads {
  constructor(private readonly transport: Transport) {}

  /** 201 a new link, or 200 `renewed: true` for the same open file. */
  async create(params: UploadLinkParams, options?: RequestOptions): Promise<UploadLink> {
    const response = await this.transport.request<UploadLink>({
      method: 'POST',
      path: '/api/v2/media/uploads',
      body: params,
      options,
    });
    return response.data;
  }

  /** A fresh token for the same address (at most 12 per link, within 24 hours). */
  async renewToken(fileId: string, params?: TokenParams, options?: RequestOptions): Promise<TokenResponse> {
    const response = await this.transport.request<TokenResponse>({
      method: 'POST',
      path: `/api/v2/media/uploads/${encodeURIComponent(fileId)}/token`,
      body: params ?? {},
      options,
    });
    return response.data;
  }

  /** 200 `ready`, or 202 `verifying` with `retry_after_seconds` (15): call again later. */
  async complete(fileId: string, options?: RequestOptions): Promise<CompleteResponse> {
    const response = await this.transport.request<CompleteResponse>({
      method: 'POST',
      path: `/api/v2/media/uploads/${encodeURIComponent(fileId)}/complete`,
      options,
    });
    return response.data;
  }

  async cancel(fileId: string, options?: RequestOptions): Promise<CancelUploadResponse> {
    const response = await this.transport.request<CancelUploadResponse>({
      method: 'DELETE',
      path: `/api/v2/media/uploads/${encodeURIComponent(fileId)}`,
      options,
    });
    return response.data;
  }
}
