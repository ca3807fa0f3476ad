import { Counter, Gauge, Registry } from 'prom-client';
import type { Repositories } from '../db/repositories.js';
import type { SampleValue } from './plain-histogram.js';
import type { ServerEvents } from './server-events.js';

/** What the registry reads of the server when scraped. */
export interface MetricsSources {
  events: ServerEvents;
  repos: Repositories;
  /** The server clock's now (due work waiting is what is due by it). */
  now: () => Date;
}

/** A series prom-client's registry formats from samples we keep (its own metric's shape). */
function kept(name: string, help: string, type: 'histogram' | 'counter', values: () => SampleValue[]) {
  const read = () => ({ name, help, type, aggregator: 'sum', values: values() });
  return { name, help, type, aggregator: 'sum', get: read, reset: () => undefined };
}

function counterOf(
  registry: Registry,
  name: string,
  help: string,
  labelName: string | null,
  read: () => ReadonlyMap<string, number> | number,
): void {
  new Counter({
    name,
    help,
    labelNames: labelName === null ? [] : [labelName],
    registers: [registry],
    collect() {
      this.reset();
      const value = read();
      if (typeof value === 'number') this.inc(value);
      else for (const [label, count] of value) this.inc({ [labelName as string]: label }, count);
    },
  });
}

function gaugeOf(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

/**
 * The Prometheus registry behind `GET /metrics`, built at the first scrape: every series is
 * prefixed `socialpub_`; counts kept as plain numbers by `ServerEvents` and the repositories are
 * read at each scrape, and what is stored (due work, uploads, clients) is counted then.
 */
export function metricsRegistry({ events, repos, now }: MetricsSources): Registry {
  const registry = new Registry();
  registry.registerMetric(
    kept(
      'socialpub_http_request_duration_seconds',
      'Time from a request reaching the server to its answer, by method, route pattern and status.',
      'histogram',
      () => events.durations.samples('socialpub_http_request_duration_seconds'),
    ) as never,
  );
  registry.registerMetric(
    kept(
      'socialpub_http_requests_total',
      'Requests answered, by method, route pattern and status.',
      'counter',
      () => events.durations.counts(),
    ) as never,
  );
  registry.registerMetric(
    kept(
      'socialpub_scheduler_lag_seconds',
      'How late each scheduled post went out: from its due time to its send.',
      'histogram',
      () => events.lag.samples('socialpub_scheduler_lag_seconds', {}),
    ) as never,
  );
  counterOf(
    registry,
    'socialpub_scheduler_sends_total',
    'Scheduled posts the scheduler sent, by the outcome stored.',
    'outcome',
    () => events.sends,
  );
  gaugeOf(
    registry,
    'socialpub_scheduler_due_waiting',
    'Scheduled posts on the server clock that are due and not sent yet (due work waiting).',
    () => repos.scheduledPosts.countDueWaiting(now()),
  );
  gaugeOf(
    registry,
    'socialpub_scheduled_posts_waiting',
    'Scheduled posts on the server clock waiting for their time.',
    () => repos.scheduledPosts.countDueWaiting(null),
  );
  gaugeOf(registry, 'socialpub_uploads_in_progress', 'Resumable uploads still taking bytes.', () =>
    repos.uploadLinks.countUploading(),
  );
  counterOf(
    registry,
    'socialpub_upload_bytes_received_total',
    'Bytes the storage endpoint received for resumable uploads.',
    null,
    () => events.uploadBytesReceived,
  );
  counterOf(
    registry,
    'socialpub_deliveries_total',
    'Posts a simulated network accepted and the network inbox recorded, since the server started.',
    null,
    () => repos.postRecords.deliveriesRecorded,
  );
  gaugeOf(
    registry,
    'socialpub_oauth_clients',
    'AI apps (OAuth clients) the authorization server knows.',
    () => repos.oauthClients.count(),
  );
  gaugeOf(
    registry,
    'socialpub_oauth_clients_unused',
    'AI apps that registered and never obtained a grant (they count against the cap on new apps).',
    () => repos.oauthClients.countUnused(),
  );
  counterOf(
    registry,
    'socialpub_sign_in_refusals_total',
    'Dashboard sign-ins refused, by reason (invalid, wrong_password, address, pair, busy).',
    'reason',
    () => events.signInRefusals,
  );
  return registry;
}
