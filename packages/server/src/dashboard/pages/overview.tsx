import { allowanceFor, LIMITS, type Plan } from '@socialpub/core';
import { Hono } from 'hono';
import { type AccountUsageCounts, accountUsageCounts } from '../../domain/account-usage.js';
import { accountClockState } from '../../domain/clocks/own-test-clock.js';
import type { Services } from '../../services.js';
import { FirstSteps } from '../components/first-steps.js';
import { formatBytes } from '../components/format.js';
import { Time } from '../components/time.js';
import { type DashboardEnv, renderPage, requireSignIn, signedIn } from '../session/index.js';

function Allowance(props: {
  plan: Plan;
  createdAt: string;
  now: Date;
  usage: AccountUsageCounts;
  profileNames: Map<string, string>;
}) {
  const allowance = allowanceFor(props.plan, props.now, new Date(props.createdAt));
  if (allowance.kind === 'none')
    return <p>No post allowance on this plan: post as much as the networks allow.</p>;
  if (allowance.kind === 'monthly') {
    return (
      <p class="meter">
        This month: <strong>{props.usage.posts_this_month}</strong> of {allowance.limit} posts (resets{' '}
        <Time at={allowance.resetsAt} />
        ).
      </p>
    );
  }
  return (
    <>
      <p>
        Today, per profile, {allowance.limit} posts (resets <Time at={allowance.resetsAt} />
        ):
      </p>
      <ul>
        {props.usage.profiles.map((profile) => (
          <li class="meter">
            {props.profileNames.get(profile.profile_id) ?? profile.profile_id}:{' '}
            <strong>{profile.posts_today}</strong> of {allowance.limit}
          </li>
        ))}
      </ul>
    </>
  );
}

/** GET /dashboard: the plan and the counters the limits read (domain/account-usage.ts, one source). */
export function overviewPage(services: Services): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();
  page.use('/', requireSignIn());

  page.get('/', (c) => {
    const { account } = signedIn(c);
    const now = services.clocks.forAccount(account.id).now();
    const usage = accountUsageCounts(services, account.id, now);
    if (!usage) return c.redirect('/dashboard/sign-in', 303);
    const profileNames = new Map(
      services.repos.profiles.listForAccount(account.id).map((profile) => [profile.id, profile.name]),
    );
    const budget = usage.uploads.daily_budget_bytes;
    const clock = accountClockState(services, account.id);
    return renderPage(
      c,
      { title: 'Overview' },
      <>
        {clock.kind === 'server' ? null : (
          <p class="notice warn" id="test-clock-notice">
            <strong>Test clock:</strong> this account runs on{' '}
            {clock.kind === 'own'
              ? 'a test clock of its own'
              : `a test clock shared by ${clock.accounts} accounts`}
            , so its time is <Time at={clock.now} />, not the server’s. <a href="/dashboard/clock">Clock</a>
          </p>
        )}
        <div class="grid">
          <FirstSteps services={services} accountId={account.id} />
          <section class="card" aria-labelledby="plan-heading">
            <h2 id="plan-heading">Plan</h2>
            <dl class="figures">
              <dt>Plan</dt>
              <dd>{account.plan}</dd>
              <dt>X add-on</dt>
              <dd>{account.xAddon ? 'Yes' : 'No'}</dd>
              <dt>Time now</dt>
              <dd>
                <Time at={now} />
                {clock.kind === 'server' ? null : ' (test clock)'}
              </dd>
            </dl>
            <p>
              <a href="/dashboard/plan">Change plan</a>
            </p>
          </section>
          <section class="card" aria-labelledby="allowance-heading">
            <h2 id="allowance-heading">Post allowance</h2>
            <Allowance
              plan={account.plan}
              createdAt={account.createdAt}
              now={now}
              usage={usage}
              profileNames={profileNames}
            />
          </section>
          <section class="card" aria-labelledby="attempts-heading">
            <h2 id="attempts-heading">Publish attempts today</h2>
            {usage.profiles.length === 0 ? (
              <p>
                No profiles yet. <a href="/dashboard/profiles">Create one</a>.
              </p>
            ) : (
              <ul>
                {usage.profiles.map((profile) => (
                  <li class="meter">
                    {profileNames.get(profile.profile_id) ?? profile.profile_id}:{' '}
                    <strong>{profile.attempts_today}</strong> of {profile.attempts_ceiling}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section class="card" aria-labelledby="x-heading">
            <h2 id="x-heading">X add-on</h2>
            {account.xAddon ? (
              <p class="meter">
                Posts: <strong>{usage.x_addon.used}</strong> of {usage.x_addon.limit}; with links:{' '}
                <strong>{usage.x_addon.link_used}</strong> of {usage.x_addon.link_limit} (resets{' '}
                <Time at={usage.x_addon.resets_at} />
                ).
              </p>
            ) : (
              <p>Not on this account: posts to X need the add-on.</p>
            )}
          </section>
          <section class="card" aria-labelledby="skool-heading">
            <h2 id="skool-heading">skool</h2>
            <p class="meter">
              This hour: <strong>{usage.skool.this_hour}</strong> of {LIMITS.skool.postsPerHour}; today:{' '}
              <strong>{usage.skool.today}</strong> of {LIMITS.skool.postsPerUtcDay}.
            </p>
          </section>
          <section class="card" aria-labelledby="scheduled-heading">
            <h2 id="scheduled-heading">Scheduled posts</h2>
            <p class="meter">
              Waiting: <strong>{usage.scheduled_waiting}</strong> of{' '}
              {LIMITS.scheduling.maxWaitingPostsPerAccount}. <a href="/dashboard/scheduled">See them</a>
            </p>
          </section>
          <section class="card" aria-labelledby="uploads-heading">
            <h2 id="uploads-heading">Upload budget today</h2>
            {budget === null ? (
              <p>No daily upload budget on this plan.</p>
            ) : (
              <dl class="figures meter">
                <dt>Used</dt>
                <dd>{formatBytes(usage.uploads.used_bytes_today)}</dd>
                <dt>Held by {usage.uploads.open} open links</dt>
                <dd>{formatBytes(usage.uploads.held_bytes)}</dd>
                <dt>Left</dt>
                <dd>
                  {formatBytes(
                    Math.max(0, budget - usage.uploads.used_bytes_today - usage.uploads.held_bytes),
                  )}{' '}
                  of {formatBytes(budget)}
                </dd>
              </dl>
            )}
            <p class="hint">Files added in the Media library do not count.</p>
          </section>
        </div>
      </>,
    );
  });

  return page;
}
