import { PLATFORMS, type PostRecord } from '@socialpub/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { figuresAcrossPosts } from '../../domain/posts/figures-across-posts.js';
import { postContent } from '../../domain/posts/post-content.js';
import type { Services } from '../../services.js';
import { AnalyticsChart, ChartLegend } from '../analytics/analytics-chart.js';
import { ANALYTICS_FIGURES, analyticsData, dayTableRows } from '../analytics/analytics-data.js';
import {
  type AnalyticsQuery,
  PERIOD_DAYS,
  queryString,
  readAnalyticsQuery,
} from '../analytics/analytics-query.js';
import { BestPosts, DayTable, GroupTable, OverallTotals } from '../analytics/analytics-tables.js';
import { csvText } from '../components/csv.js';
import { type FieldErrors, SelectField, TextField } from '../components/form-fields.js';
import { Time } from '../components/time.js';
import { type DashboardEnv, renderPage, requireSignIn, signedIn } from '../session/index.js';
import { nextDay, startOfDay } from '../time-zone.js';

const label = (name: string) => name.replaceAll('_', ' ');

function Filters(props: {
  query: AnalyticsQuery;
  errors: FieldErrors;
  profiles: Array<{ id: string; name: string }>;
}) {
  const { query, errors } = props;
  return (
    <form method="get" action="/dashboard/analytics" class="card" aria-labelledby="filter-heading">
      <h2 id="filter-heading">Period and filters</h2>
      <p class="actions">
        {PERIOD_DAYS.map((days) => (
          <a
            href={`/dashboard/analytics?${queryString(query, { days })}`}
            aria-current={query.days === days ? 'true' : undefined}
          >
            Last {days} days
          </a>
        ))}
      </p>
      {errors.days ? (
        <p class="field-error" role="alert">
          <strong>Error:</strong> {errors.days}
        </p>
      ) : null}
      <div class="grid">
        <TextField
          name="from"
          label="From (day)"
          value={query.days ? '' : query.firstDay}
          error={errors.from}
        />
        <TextField
          name="to"
          label="To (day, included)"
          value={query.days ? '' : query.lastDay}
          error={errors.to}
        />
        <SelectField
          name="network"
          label="Network"
          options={[{ value: '', label: 'Every network' }, ...PLATFORMS.map((p) => ({ value: p, label: p }))]}
          value={query.network ?? ''}
          error={errors.network}
        />
        <SelectField
          name="profile_id"
          label="Profile"
          options={[
            { value: '', label: 'Every profile' },
            ...props.profiles.map((p) => ({ value: p.id, label: p.name })),
          ]}
          value={query.profileId ?? ''}
          error={errors.profile_id}
        />
        <SelectField
          name="figure"
          label="Figure"
          options={ANALYTICS_FIGURES.map((name) => ({ value: name, label: label(name) }))}
          value={query.figure}
          error={errors.figure}
        />
        <SelectField
          name="by"
          label="Chart by"
          options={[
            { value: 'network', label: 'Network' },
            { value: 'profile', label: 'Profile' },
          ]}
          value={query.by}
          error={errors.by}
        />
      </div>
      <p class="hint">Days as YYYY-MM-DD, both included; with both empty, the period of the links above.</p>
      {query.days ? <input type="hidden" name="days" value={query.days} /> : null}
      <button type="submit">Show</button>
    </form>
  );
}

/**
 * GET /dashboard/analytics: how posts did across a period, from the figures each network reported
 * (every post read as GET /posts/{id} reads it). Totals, a chart per day drawn as SVG with its table,
 * totals by network and by profile, the best posts; and GET /dashboard/analytics.csv, the chart's
 * table as CSV. Filters are links and a GET form; periods are days in the person's zone, ending
 * today on the account's clock.
 */
export function analyticsPage(services: Services): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();
  page.use('/analytics', requireSignIn());
  page.use('/analytics.csv', requireSignIn());

  const read = (c: Context<DashboardEnv>) => {
    const { account } = signedIn(c);
    const profiles = services.repos.profiles.listForAccount(account.id, 10_000);
    const names = new Map(profiles.map((p) => [p.id, p.name]));
    const zone = c.var.timeZone;
    const { query, errors } = readAnalyticsQuery(c.req.query(), {
      now: services.clocks.forAccount(account.id).now(),
      zone,
      profileIds: new Set(names.keys()),
    });
    const found = figuresAcrossPosts(services, account.id, {
      from: startOfDay(query.firstDay, zone),
      to: startOfDay(nextDay(query.lastDay), zone),
      platform: query.network,
      profileId: query.profileId,
    });
    const data = analyticsData({
      posts: found.posts,
      firstDay: query.firstDay,
      lastDay: query.lastDay,
      zone,
      figure: query.figure,
      by: query.by,
      profileName: (id) => names.get(id) ?? 'a removed profile',
    });
    return { account, profiles, query, errors, found, data };
  };

  page.get('/analytics.csv', (c) => {
    const { query, data } = read(c);
    const header = ['day', ...data.series.map((s) => s.label), 'total'];
    const rows = dayTableRows(data).filter((row) => row.slice(1).some((cell) => cell !== ''));
    const name = `socialpub-${query.figure}-${query.firstDay}-to-${query.lastDay}.csv`;
    return c.body(csvText([header, ...rows]), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
    });
  });

  page.get('/analytics', (c) => {
    const { account, profiles, query, errors, found, data } = read(c);
    const contentOf = (post: PostRecord) => postContent(services, account.id, post);
    const figure = label(query.figure);
    const chartTitle = `${figure[0]?.toUpperCase()}${figure.slice(1)} per day, by ${query.by}`;
    return renderPage(
      c,
      { title: 'Analytics', status: Object.keys(errors).length > 0 ? 400 : 200 },
      <>
        <Filters query={query} errors={errors} profiles={profiles} />
        <section class="card" aria-labelledby="totals-heading">
          <h2 id="totals-heading">
            {query.firstDay} to {query.lastDay}
          </h2>
          <p id="analytics-summary">
            <strong>{found.posts.length}</strong> published {found.posts.length === 1 ? 'post' : 'posts'}
            {query.network ? ` on ${query.network}` : ''}, days in {c.var.timeZone}. Figures last collected:{' '}
            {data.lastCollected ? <Time at={data.lastCollected} /> : 'never'}; networks report them every 6
            hours for 7 days after publishing.
          </p>
          {found.truncated ? (
            <p class="notice warn">
              This period holds more posts than Analytics reads at once; the oldest are left out. Choose a
              shorter period or a network.
            </p>
          ) : null}
          <OverallTotals totals={data.overall} />
        </section>
        <section aria-labelledby="chart-heading">
          <h2 id="chart-heading">{chartTitle}</h2>
          {data.series.length === 0 ? (
            <p>No published posts in this period.</p>
          ) : (
            <>
              <ChartLegend series={data.series} />
              <div class="chart-wrap">
                <AnalyticsChart data={data} figure={query.figure} title={chartTitle} />
              </div>
              <DayTable data={data} figure={query.figure} />
            </>
          )}
          <p>
            <a href={`/dashboard/analytics.csv?${queryString(query)}`} download>
              Download this table as CSV
            </a>
          </p>
        </section>
        <section aria-labelledby="network-heading">
          <h2 id="network-heading">By network</h2>
          <GroupTable label="network" groups={data.byNetwork} />
        </section>
        <section aria-labelledby="profile-heading">
          <h2 id="profile-heading">By profile</h2>
          <GroupTable label="profile" groups={data.byProfile} />
        </section>
        <section aria-labelledby="best-heading">
          <h2 id="best-heading">Best posts by {figure}</h2>
          <BestPosts posts={data.best} figure={query.figure} contentOf={contentOf} />
        </section>
      </>,
    );
  });

  return page;
}
