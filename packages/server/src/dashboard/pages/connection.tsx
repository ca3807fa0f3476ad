import { apiError, NetworkPutSchema, type Platform, PlatformSchema } from '@socialpub/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ConnectionRecord } from '../../db/connections-repo.js';
import type { ProfileRecord } from '../../db/profiles-repo.js';
import { disconnectNetwork, updateConnection } from '../../domain/network-connections.js';
import { networkEntry } from '../../domain/network-health.js';
import type { Services } from '../../services.js';
import { DoneNotice } from '../components/done-notice.js';
import {
  type FieldErrors,
  FormProblem,
  fieldErrors,
  formStrings,
  TextField,
} from '../components/form-fields.js';
import { HealthBadge } from '../components/health-badge.js';
import {
  SimulateFields,
  type SimulateTyped,
  simulateFromForm,
  typedFromSimulate,
} from '../components/simulate-form.js';
import { Time } from '../components/time.js';
import { CsrfField, type DashboardEnv, renderPage, requireSignIn, signedIn } from '../session/index.js';

const ReconnectSchema = NetworkPutSchema.pick({ username: true }).required();

interface Found {
  profile: ProfileRecord;
  platform: Platform;
  connection: ConnectionRecord;
}

/** The signed-in account's connection; another account's profile or an unknown network reads as not found. */
function findConnection(services: Services, c: Context<DashboardEnv>): Found {
  const profile = services.repos.profiles.getForAccount(
    signedIn(c).account.id,
    c.req.param('profile_id') ?? '',
  );
  const platform = PlatformSchema.safeParse(c.req.param('platform'));
  const connection =
    profile && platform.success ? services.repos.connections.get(profile.id, platform.data) : null;
  if (!profile || !platform.success || !connection) {
    throw apiError('not_found', 'This network is not connected to a profile of your account.');
  }
  return { profile, platform: platform.data, connection };
}

interface PageState {
  username?: string;
  reconnectErrors?: FieldErrors;
  simulate?: SimulateTyped;
  simulateErrors?: FieldErrors;
  problem?: string;
}

/**
 * GET /dashboard/profiles/{profile_id}/networks/{platform}: health, reconnect, disconnect and the
 * `simulate` form, the sandbox's main control. Changes go through domain/network-connections.ts,
 * as the admin API's PUT/PATCH/DELETE do.
 */
export function connectionPage(services: Services): Hono<DashboardEnv> {
  const { repos } = services;
  const clockOf = (c: Context<DashboardEnv>) => services.clocks.forAccount(signedIn(c).account.id);
  const page = new Hono<DashboardEnv>();
  const base = '/profiles/:profile_id/networks/:platform';
  page.use(base, requireSignIn());
  page.use(`${base}/*`, requireSignIn());

  const show = (c: Context<DashboardEnv>, found: Found, state: PageState = {}) => {
    const { profile, platform, connection } = found;
    const entry = networkEntry(connection, clockOf(c).now());
    const path = `/dashboard/profiles/${profile.id}/networks/${platform}`;
    const failed = state.problem !== undefined;
    return renderPage(
      c,
      { title: `${platform} on ${profile.name}`, status: failed ? 400 : 200 },
      <>
        <p>
          <a href="/dashboard/profiles">Back to Profiles</a>
        </p>
        <DoneNotice
          c={c}
          messages={{
            connected: `${platform} is connected to ${profile.name}.`,
            reconnected: 'Signed in again: the connection is ready.',
            expired: 'The sign-in is marked as needing a reconnect; posts now get the network’s 401.',
            simulate: 'The simulated behaviour was saved; the next posts use it.',
          }}
        />
        <FormProblem message={state.problem} />
        <section class="card" aria-labelledby="health-heading">
          <h2 id="health-heading">Connection</h2>
          <dl class="figures">
            <dt>Health</dt>
            <dd>
              <HealthBadge health={entry.health} />
            </dd>
            <dt>Username</dt>
            <dd>{entry.username}</dd>
            <dt>Status</dt>
            <dd>{entry.status}</dd>
            <dt>Connected</dt>
            <dd>
              <Time at={entry.connected_at} />
            </dd>
            <dt>Sign-in changed</dt>
            <dd>
              <Time at={entry.updated_at} />
            </dd>
            <dt>Sign-in expires</dt>
            <dd>{entry.access_expires_at ? <Time at={entry.access_expires_at} /> : 'Never'}</dd>
          </dl>
        </section>
        <section class="card" aria-labelledby="reconnect-heading">
          <h2 id="reconnect-heading">Reconnect</h2>
          <form method="post" action={`${path}/reconnect`} novalidate>
            <CsrfField token={c.var.csrfToken} />
            <TextField
              name="username"
              label="Username on the network"
              value={state.username ?? connection.username}
              error={state.reconnectErrors?.username}
            />
            <button type="submit">Reconnect</button>
          </form>
          <form method="post" action={`${path}/expire`} class="actions">
            <CsrfField token={c.var.csrfToken} />
            <p class="hint">Test how your code handles a lost sign-in:</p>
            <button type="submit" class="secondary">
              Mark as reconnect required
            </button>
          </form>
        </section>
        <section class="card" aria-labelledby="simulate-heading">
          <h2 id="simulate-heading">Simulated behaviour</h2>
          <p class="hint">How this network answers the next posts (the connection's simulate settings).</p>
          <form method="post" action={`${path}/simulate`} novalidate>
            <CsrfField token={c.var.csrfToken} />
            <SimulateFields
              typed={state.simulate ?? typedFromSimulate(connection.simulate)}
              errors={state.simulateErrors ?? {}}
            />
            <button type="submit">Save behaviour</button>
          </form>
        </section>
        <section class="card" aria-labelledby="disconnect-heading">
          <h2 id="disconnect-heading">Disconnect</h2>
          <form
            method="post"
            action={`${path}/disconnect`}
            data-confirm={`Disconnect ${platform} from ${profile.name}? Posts to it will be refused until you connect it again.`}
          >
            <CsrfField token={c.var.csrfToken} />
            <button type="submit" class="danger">
              Disconnect {platform}
            </button>
          </form>
        </section>
      </>,
    );
  };

  page.get(base, (c) => show(c, findConnection(services, c)));

  page.post(`${base}/reconnect`, async (c) => {
    const found = findConnection(services, c);
    const typed = formStrings(await c.req.parseBody());
    const parsed = ReconnectSchema.safeParse({ username: (typed.username ?? '').trim() });
    if (!parsed.success) {
      return show(c, found, {
        username: typed.username ?? '',
        reconnectErrors: fieldErrors(parsed.error),
        problem: 'Enter the username to sign in as.',
      });
    }
    updateConnection(repos, clockOf(c), found.profile, found.platform, {
      username: parsed.data.username,
      status: 'connected',
      health: 'ready',
      access_expires_at: null,
    });
    return c.redirect(
      `/dashboard/profiles/${found.profile.id}/networks/${found.platform}?done=reconnected`,
      303,
    );
  });

  page.post(`${base}/expire`, (c) => {
    const found = findConnection(services, c);
    updateConnection(repos, clockOf(c), found.profile, found.platform, { health: 'reconnect_required' });
    return c.redirect(`/dashboard/profiles/${found.profile.id}/networks/${found.platform}?done=expired`, 303);
  });

  page.post(`${base}/simulate`, async (c) => {
    const found = findConnection(services, c);
    const body = formStrings(await c.req.parseBody());
    const typed = typedFromSimulate({});
    for (const key of Object.keys(typed) as (keyof SimulateTyped)[]) typed[key] = body[key] ?? '';
    const result = simulateFromForm(typed, found.connection.simulate);
    if (!result.ok) {
      return show(c, found, {
        simulate: typed,
        simulateErrors: result.errors,
        problem: 'Correct the simulated behaviour fields.',
      });
    }
    updateConnection(repos, clockOf(c), found.profile, found.platform, { simulate: result.simulate });
    return c.redirect(
      `/dashboard/profiles/${found.profile.id}/networks/${found.platform}?done=simulate`,
      303,
    );
  });

  page.post(`${base}/disconnect`, (c) => {
    const found = findConnection(services, c);
    disconnectNetwork(repos, found.profile, found.platform);
    return c.redirect('/dashboard/profiles?done=disconnected', 303);
  });

  return page;
}
