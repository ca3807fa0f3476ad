import type { Plan, Platform, Profile } from '@socialpub/core';
import { type ClientOptions, SocialPub } from '@socialpub/sdk';
import { type RunningServer, startServer } from '@socialpub/server';
import {
  checkingAnswers,
  installContractCheck,
} from '../../packages/server/test/contract/answer-recorder.js';
import { TEST_PASSWORD_WORK_FACTOR } from '../../packages/server/test/helpers/test-app.js';

installContractCheck();

export const ADMIN_TOKEN = 'e2e-admin-token-0123456789';

export interface AdminAnswer<Body = unknown> {
  status: number;
  body: Body;
}

export interface AccountWithKey {
  accountId: string;
  apiKey: string;
  profileId: string;
}

/**
 * A real reference server on 127.0.0.1 port 0 with the demo account and a virtual clock: every
 * time rule (20-second wait, schedules, token expiry) moves only when a test advances the clock.
 */
export class TestServer {
  private constructor(
    readonly running: RunningServer,
    /** The seeded demo account's key (plan skilled with the X add-on). */
    readonly apiKey: string,
    readonly demoAccountId: string,
  ) {}

  static async start(options: { importAllow?: string[] } = {}): Promise<TestServer> {
    const running = await startServer(
      {
        memory: true,
        port: 0,
        host: '127.0.0.1',
        clock: 'virtual',
        adminToken: ADMIN_TOKEN,
        seedDemo: true,
        passwordWorkFactor: TEST_PASSWORD_WORK_FACTOR,
        importAllow: options.importAllow ?? ['127.0.0.1'],
      },
      () => undefined,
    );
    // Every answer the server gives (to the SDK, the CLI, the uploaders, the examples) is checked
    // against the OpenAPI document; a test that received one it does not describe fails.
    running.socialpub.app.fetch = checkingAnswers(running.socialpub.app.fetch);
    const demo = running.socialpub.demo;
    if (!demo) throw new Error('The in-memory server did not seed the demo account.');
    return new TestServer(running, demo.apiKey, demo.accountId);
  }

  get url(): string {
    return this.running.url;
  }

  close(): Promise<void> {
    return this.running.close();
  }

  /** A client as a user would make it; a test may pass a `sleep` that moves the virtual clock. */
  client(options: ClientOptions = {}): SocialPub {
    return new SocialPub({ apiKey: this.apiKey, baseURL: this.url, ...options });
  }

  async admin<Body = unknown>(method: string, path: string, body?: unknown): Promise<AdminAnswer<Body>> {
    const response = await fetch(`${this.url}/admin/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as Body };
  }

  private async adminOk<Body>(method: string, path: string, body?: unknown): Promise<Body> {
    const answer = await this.admin<Body>(method, path, body);
    if (answer.status >= 300) {
      throw new Error(`admin ${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  }

  async now(): Promise<Date> {
    const { now } = await this.adminOk<{ now: string }>('GET', '/clock');
    return new Date(now);
  }

  /** Moves the virtual clock; everything that became due has run when this resolves. */
  async advance(seconds: number): Promise<Date> {
    const { now } = await this.adminOk<{ now: string }>('POST', '/clock', { advance_seconds: seconds });
    return new Date(now);
  }

  /** A `sleep` for the SDK that spends its pauses on the virtual clock instead of real time. */
  readonly virtualSleep = async (ms: number): Promise<void> => {
    await this.advance(ms / 1000);
  };

  async demoProfiles(): Promise<{ brand: Profile; side: Profile }> {
    const { data } = await this.client().accounts.list();
    const brand = data.find((profile) => profile.handle === '@demobrand');
    const side = data.find((profile) => profile.handle === '@sideproject');
    if (!brand || !side) throw new Error('The demo profiles are missing.');
    return { brand, side };
  }

  /** A further account made through the admin API, with one profile connected to `platforms`. */
  async createAccount(init: {
    plan: Plan;
    xAddon?: boolean;
    platforms: Platform[];
  }): Promise<AccountWithKey> {
    const account = await this.adminOk<{ account_id: string }>('POST', '/accounts', {
      plan: init.plan,
      x_addon: init.xAddon ?? false,
    });
    const key = await this.adminOk<{ api_key: string }>('POST', `/accounts/${account.account_id}/keys`, {
      name: 'e2e',
    });
    const profile = await this.adminOk<{ profile_id: string }>(
      'POST',
      `/accounts/${account.account_id}/profiles`,
      { name: `E2E ${init.plan}` },
    );
    for (const platform of init.platforms) {
      await this.adminOk('PUT', `/profiles/${profile.profile_id}/networks/${platform}`, {
        username: 'e2e',
      });
    }
    return { accountId: account.account_id, apiKey: key.api_key, profileId: profile.profile_id };
  }

  /** The request log of the admin API, newest first. */
  async requests(accountId: string): Promise<RequestLogEntry[]> {
    const { data } = await this.adminOk<{ data: RequestLogEntry[] }>(
      'GET',
      `/requests?account_id=${accountId}&limit=1000`,
    );
    return data;
  }
}

export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  status: number;
  error: { code: string } | null;
  idempotency_key: string | null;
  replayed: boolean;
}
