import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '@socialpub/server';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, TestServer } from './helpers/test-server.js';

// What an operator watches (team-server.md, "A team's server behind a proxy"): GET /metrics
// in Prometheus text behind the admin token, GET /ready, and SOCIALPUB_LOG=json.

interface Family {
  name: string;
  type: string;
  metrics: Array<{
    labels?: Record<string, string>;
    value?: string;
    count?: string;
    buckets?: Record<string, string>;
  }>;
}

let lastText = '';

async function scrape(url: string): Promise<Map<string, Family>> {
  const answer = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toContain('text/plain');
  lastText = await answer.text();
  const families = parsePrometheusTextFormat(lastText) as Family[];
  return new Map(families.map((family) => [family.name, family]));
}

describe('GET /metrics', () => {
  let server: TestServer | undefined;
  afterEach(async () => server?.close());

  it('refuses without the admin token (401) and with a wrong one', async () => {
    server = await TestServer.start();
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/metrics`, {
      headers: { authorization: 'Bearer nope-nope-nope' },
    });
    expect(wrong.status).toBe(401);
  });

  it('counts requests by route pattern (never the raw path) and status, and the scheduler’s sends and lag', async () => {
    server = await TestServer.start();
    const client = server.client();
    const { brand } = await server.demoProfiles();
    for (let i = 0; i < 3; i++) await client.accounts.list();
    const sent = await fetch(`${server.url}/api/v2/posts/00000000-0000-4000-8000-000000000000`, {
      headers: { authorization: `Bearer ${server.apiKey}` },
    });
    expect(sent.status).toBe(404);
    const now = await server.now();
    const outcome = await client.posts.create({
      accountId: brand.profile_id,
      platform: 'linkedin',
      content: { text: 'Later' },
      scheduledFor: new Date(now.getTime() + 3_600_000).toISOString(),
    });
    expect(outcome.kind).toBe('scheduled');

    let families = await scrape(server.url);
    const waiting = families.get('socialpub_scheduled_posts_waiting')?.metrics[0]?.value;
    expect(Number(waiting)).toBe(1);
    await server.advance(3_600);
    families = await scrape(server.url);

    const requests = families.get('socialpub_http_requests_total');
    expect(requests?.type).toBe('COUNTER');
    const accounts = requests?.metrics.find(
      (m) => m.labels?.route === '/api/v2/accounts' && m.labels.method === 'GET' && m.labels.status === '200',
    );
    expect(Number(accounts?.value)).toBeGreaterThanOrEqual(3);
    const routes = requests?.metrics.map((m) => m.labels?.route) ?? [];
    expect(routes).toContain('/api/v2/posts/:id');
    expect(routes.some((route) => route?.includes('00000000'))).toBe(false);

    // The parser folds a labelled histogram's series into one, so its lines are read as written.
    expect(families.get('socialpub_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    const series = 'method="GET",route="/api/v2/posts/:id",status="404"';
    expect(lastText).toContain(`socialpub_http_request_duration_seconds_count{${series}} 1\n`);
    expect(lastText).toContain(`socialpub_http_request_duration_seconds_bucket{${series},le="+Inf"} 1\n`);

    expect(families.get('socialpub_scheduler_sends_total')?.metrics).toEqual([
      { labels: { outcome: 'success' }, value: '1' },
    ]);
    const lag = families.get('socialpub_scheduler_lag_seconds');
    expect(lag?.metrics[0]?.count).toBe('1');
    expect(Number(families.get('socialpub_scheduled_posts_waiting')?.metrics[0]?.value)).toBe(0);
    expect(Number(families.get('socialpub_scheduler_due_waiting')?.metrics[0]?.value)).toBe(0);
    expect(Number(families.get('socialpub_deliveries_total')?.metrics[0]?.value)).toBeGreaterThanOrEqual(1);
    for (const name of [
      'socialpub_uploads_in_progress',
      'socialpub_upload_bytes_received_total',
      'socialpub_oauth_clients',
      'socialpub_oauth_clients_unused',
      'socialpub_sign_in_refusals_total',
    ]) {
      expect(families.has(name), name).toBe(true);
    }
    for (const name of families.keys()) expect(name.startsWith('socialpub_')).toBe(true);
  });
});

describe('GET /ready and /health', () => {
  let running: RunningServer | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    // A test may have broken the database on purpose: closing then fails, the listener is stopped first.
    await running?.close().catch(() => undefined);
    running = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 200 when the database and media folder answer, 503 naming the media folder once it is gone', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'socialpub-ready-'));
    running = await startServer(
      { dataDir, port: 0, host: '127.0.0.1', clock: 'virtual', seedDemo: false },
      () => undefined,
    );
    const ready = await fetch(`${running.url}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    renameSync(join(dataDir, 'media'), join(dataDir, 'media-moved'));
    const notReady = await fetch(`${running.url}/ready`);
    expect(notReady.status).toBe(503);
    expect(JSON.stringify(await notReady.json())).toContain(
      'the media folder cannot be read and written (ENOENT)',
    );
    expect((await fetch(`${running.url}/health`)).status).toBe(200);
  });
});
