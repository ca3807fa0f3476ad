import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CONNECTOR_CHANGE_TOOLS, CONNECTOR_TOOLS } from '@socialpub/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormBrowser } from './helpers/form-browser.js';
import { type McpExchange, recordingFetch, TestOAuthApp } from './helpers/oauth-app.js';
import { TestServer } from './helpers/test-server.js';

const DEMO = { email: 'demo@example.com', password: 'demo-password' };

interface AnyClient {
  listTools(): Promise<{ tools: Array<{ name: string }> }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

interface SignedInApp {
  client: AnyClient;
  app: TestOAuthApp;
  log: McpExchange[];
}

/** The JSON body a tool answered (structured content, or the text of a tool error). */
function toolBody(result: Record<string, unknown>): Record<string, unknown> {
  if (result.structuredContent && !result.isError) return result.structuredContent as Record<string, unknown>;
  const [first] = result.content as Array<{ text: string }>;
  return JSON.parse(first?.text ?? '{}') as Record<string, unknown>;
}

/** Rows the change tools would add; a refused call must leave every count as it was. */
function tableCounts(server: TestServer): Record<string, number> {
  const { db } = server.running.socialpub.services;
  const counts: Record<string, number> = {};
  for (const table of [
    'post_records',
    'scheduled_posts',
    'media_files',
    'upload_links',
    'connector_requests',
  ]) {
    counts[table] = (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  }
  return counts;
}

describe.each(['v2', 'v1'] as const)(
  'the %s MCP client signs in with OAuth and uses the connector',
  (kind) => {
    let server: TestServer;
    let profileId: string;
    let appCount = 0;

    beforeAll(async () => {
      server = await TestServer.start();
      profileId = (await server.demoProfiles()).brand.profile_id;
    });
    afterAll(async () => {
      await server?.close();
    });

    /** The SDK's own OAuth flow: 401, discovery, registration, PKCE, consent by the person, token. */
    async function signIn(permission: 'read' | 'post'): Promise<SignedInApp> {
      appCount += 1;
      const app = new TestOAuthApp(`${kind} app ${appCount}`, { ...DEMO, permission });
      const log: McpExchange[] = [];
      const url = new URL(`${server.url}/mcp`);
      const connect = async (): Promise<{ client: AnyClient; transport: TransportV1 | TransportV2 }> => {
        if (kind === 'v2') {
          const transport = new TransportV2(url, { authProvider: app as never, fetch: recordingFetch(log) });
          const client = new ClientV2({ name: 'e2e-v2', version: '1.0.0' });
          await client.connect(transport);
          return { client: client as unknown as AnyClient, transport };
        }
        const transport = new TransportV1(url, { authProvider: app as never, fetch: recordingFetch(log) });
        const client = new ClientV1({ name: 'e2e-v1', version: '1.0.0' });
        await client.connect(transport);
        return { client: client as unknown as AnyClient, transport };
      };
      let firstTransport: TransportV1 | TransportV2 | undefined;
      try {
        await connect();
      } catch (error) {
        if (!/unauthori[sz]ed/i.test(String((error as Error).message ?? error))) throw error;
      }
      expect(app.callback, 'the person was sent to the authorization URL').toBeDefined();
      // Finishing on a fresh transport, as an app does when its redirect listener receives the code.
      if (kind === 'v2') {
        firstTransport = new TransportV2(url, { authProvider: app as never, fetch: recordingFetch(log) });
        await (firstTransport as TransportV2).finishAuth(app.callback?.searchParams ?? new URLSearchParams());
      } else {
        firstTransport = new TransportV1(url, { authProvider: app as never, fetch: recordingFetch(log) });
        await (firstTransport as TransportV1).finishAuth(app.code());
      }
      const { client } = await connect();
      // From now on a redirect to sign in is only recorded: the person does not answer again.
      app.consentAs = null;
      return { client, app, log };
    }

    it('runs registration, sign-in, consent, PKCE S256 and the token exchange, then lists exactly the seventeen tools', async () => {
      const { client, app } = await signIn('post');
      expect(String(app.clientInfo?.client_id)).toMatch(/^[0-9a-f-]{36}$/);
      const [authorization] = app.redirects;
      expect(authorization?.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorization?.searchParams.get('resource')).toBe(`${server.url}/mcp`);
      expect(app.callback?.searchParams.get('iss')).toBe(server.url);
      expect(app.savedTokens?.scope).toBe('socialpub:read socialpub:post');
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...CONNECTOR_TOOLS].sort());
      await client.close();
    });

    it('publishes through a read-and-post grant, and the post reads back over REST', async () => {
      const { client } = await signIn('post');
      const result = await client.callTool({
        name: 'service_publish_post',
        arguments: {
          content: { text: `Hello from the ${kind} client` },
          places: [{ accountId: profileId, platform: 'linkedin' }],
        },
      });
      expect(result.isError).toBeFalsy();
      const [place] = (toolBody(result) as { places: Array<{ answer: { service: { post_id: string } } }> })
        .places;
      const postId = place?.answer.service.post_id ?? '';
      const rest = await fetch(`${server.url}/api/v2/posts/${postId}`, {
        headers: { authorization: `Bearer ${server.apiKey}` },
      });
      expect(rest.status).toBe(200);
      expect(await rest.json()).toMatchObject({
        id: postId,
        kind: 'post',
        platform: 'linkedin',
        status: 'success',
      });
      await client.close();
    });

    it('refreshes its token by itself after the virtual clock moves past the hour', async () => {
      const { client, app, log } = await signIn('post');
      const firstAccess = app.savedTokens?.access_token;
      const saves = app.tokenSaves;
      await server.advance(3601);
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(17);
      expect(app.tokenSaves).toBe(saves + 1);
      expect(app.savedTokens?.access_token).not.toBe(firstAccess);
      expect(log.some((exchange) => exchange.status === 401)).toBe(true);
      expect(app.redirects).toHaveLength(1);
      await client.close();
    });

    it.each(CONNECTOR_CHANGE_TOOLS)(
      'refuses %s with 403 insufficient_scope under a read-only grant, changing nothing',
      async (tool) => {
        const { client, log } = await signIn('read');
        const before = tableCounts(server);
        const answers = log.length;
        await expect(
          client.callTool({
            name: tool,
            arguments: { content: { text: 'x' }, places: [{ accountId: profileId, platform: 'x' }] },
          }),
        ).rejects.toThrow();
        const refused = log.slice(answers).find((exchange) => exchange.status === 403);
        expect(refused?.challenge).toMatch(/error="insufficient_scope"/);
        expect(refused?.challenge).toMatch(/scope="socialpub:read socialpub:post"/);
        expect(tableCounts(server)).toEqual(before);
        await client.close().catch(() => undefined);
      },
    );

    it.each([
      ['keeps', false],
      ['cancels', true],
    ])(
      'is refused at once after Disconnect, and %s the posts it scheduled as asked',
      async (_what, cancel) => {
        const { client, app, log } = await signIn('post');
        expect((await client.listTools()).tools).toHaveLength(17);
        const due = new Date((await server.now()).getTime() + 3600_000).toISOString();
        const scheduled = await client.callTool({
          name: 'service_schedule_post',
          arguments: {
            content: { text: `Later from the ${kind} client` },
            places: [{ accountId: profileId, platform: 'linkedin' }],
            scheduledFor: due,
          },
        });
        expect(scheduled.isError).toBeFalsy();
        const [place] = (
          toolBody(scheduled) as { places: Array<{ answer: { service: { scheduled_post_id: string } } }> }
        ).places;
        const scheduledPostId = place?.answer.service.scheduled_post_id ?? '';
        expect(scheduledPostId).not.toBe('');

        const person = new FormBrowser(server.url);
        await person.follow(await person.get('/dashboard/connected-apps'));
        await person.signIn(DEMO.email, DEMO.password);
        const row = new RegExp(`${app.appName}</h2>[\\s\\S]*?name="grant_id" value="([^"]+)"`).exec(
          person.lastPage,
        );
        expect(row?.[1]).toBeDefined();
        const done = await person.follow(
          await person.post('/dashboard/connected-apps/disconnect', {
            grant_id: row?.[1] ?? '',
            ...(cancel ? { cancel_posts: 'on' } : {}),
          }),
        );
        expect(done.status).toBe(200);
        expect(person.lastPage).toContain(`${app.appName} was disconnected`);
        const answers = log.length;
        await expect(client.listTools()).rejects.toThrow();
        expect(log.slice(answers).map((exchange) => exchange.status)).toContain(401);
        await client.close().catch(() => undefined);

        const rest = await fetch(`${server.url}/api/v2/posts/${scheduledPostId}`, {
          headers: { authorization: `Bearer ${server.apiKey}` },
        });
        expect(await rest.json()).toMatchObject({
          id: scheduledPostId,
          status: cancel ? 'cancelled' : 'scheduled',
        });
      },
    );
  },
);
