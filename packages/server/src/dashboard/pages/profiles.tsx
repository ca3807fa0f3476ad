import { apiError, NetworkPutSchema, PLATFORMS, PlatformSchema, ProfileCreateSchema } from '@socialpub/core';
import { Hono } from 'hono';
import type { ProfileRecord } from '../../db/profiles-repo.js';
import { connectNetwork } from '../../domain/network-connections.js';
import { networkEntry } from '../../domain/network-health.js';
import { createProfile } from '../../domain/profiles.js';
import type { Services } from '../../services.js';
import { DoneNotice } from '../components/done-notice.js';
import {
  type FieldErrors,
  FormProblem,
  fieldErrors,
  formStrings,
  SelectField,
  TextAreaField,
  TextField,
} from '../components/form-fields.js';
import { HealthBadge } from '../components/health-badge.js';
import { readJsonField } from '../components/json-field.js';
import { Time } from '../components/time.js';
import { CsrfField, type DashboardEnv, renderPage, requireSignIn, signedIn } from '../session/index.js';

const ProfileFormSchema = ProfileCreateSchema.pick({ name: true, handle: true });
const ConnectFormSchema = NetworkPutSchema.pick({ username: true, options: true }).required({
  username: true,
});
const PLATFORM_OPTIONS = PLATFORMS.map((platform) => ({ value: platform, label: platform }));

/** Form state kept after a refusal: which form, what was typed, the errors. */
interface Refused {
  form: 'profile' | `connect:${string}`;
  typed: Record<string, string>;
  errors: FieldErrors;
  problem: string;
}

function ProfileCard(props: {
  services: Services;
  profile: ProfileRecord;
  csrfToken: string;
  refused?: Refused;
}) {
  const { profile } = props;
  const now = props.services.clocks.forAccount(profile.accountId).now();
  const connections = props.services.repos.connections.listForProfile(profile.id);
  const refused = props.refused?.form === `connect:${profile.id}` ? props.refused : undefined;
  const headingId = `profile-${profile.id}`;
  return (
    <section class="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {profile.name} <span class="muted">{profile.handle}</span>
      </h2>
      <p class="muted">Profile id {profile.id}</p>
      {connections.length === 0 ? (
        <p>No networks connected.</p>
      ) : (
        <section class="table-wrap" aria-label={`Networks of ${profile.name}`} tabindex={0}>
          <table class="stack">
            <caption class="muted">Networks of {profile.name}</caption>
            <thead>
              <tr>
                <th scope="col">Network</th>
                <th scope="col">Username</th>
                <th scope="col">Health</th>
                <th scope="col">Signed in</th>
                <th scope="col">Settings</th>
              </tr>
            </thead>
            <tbody>
              {connections.map((connection) => {
                const entry = networkEntry(connection, now);
                return (
                  <tr>
                    <td data-label="Network">{entry.platform}</td>
                    <td data-label="Username">{entry.username}</td>
                    <td data-label="Health">
                      <HealthBadge health={entry.health} />
                    </td>
                    <td data-label="Signed in">
                      <Time at={entry.updated_at} />
                    </td>
                    <td data-label="Settings">
                      <a
                        href={`/dashboard/profiles/${profile.id}/networks/${entry.platform}`}
                        aria-label={`${entry.platform} settings of ${profile.name}`}
                      >
                        Manage
                      </a>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
      <details open={refused !== undefined}>
        <summary>Connect a network to {profile.name}</summary>
        <FormProblem message={refused?.problem} />
        <form method="post" action={`/dashboard/profiles/${profile.id}/connect`} novalidate>
          <CsrfField token={props.csrfToken} />
          <p class="hint">A simulated sign-in: the sandbox signs in as the username you give.</p>
          <SelectField
            name="platform"
            prefix={profile.id}
            label="Network"
            options={PLATFORM_OPTIONS}
            value={refused?.typed.platform}
            error={refused?.errors.platform}
          />
          <TextField
            name="username"
            prefix={profile.id}
            label="Username on the network"
            value={refused?.typed.username ?? profile.handle.replace(/^@/, '')}
            error={refused?.errors.username}
          />
          <TextAreaField
            name="options"
            prefix={profile.id}
            label="Options (JSON, optional)"
            hint={
              'The network’s posting options as its options row shows them, e.g. {"boards": [{"id": "b1", "name": "Ideas"}]}.'
            }
            value={refused?.typed.options}
            error={refused?.errors.options}
          />
          <button type="submit">Connect</button>
        </form>
      </details>
    </section>
  );
}

/**
 * After a connection the person lands back on Profiles, told what is connected and what next
 * (the simulation settings are one link away, not the page they land on). Only a network and a
 * profile of this account are named, so the address cannot put words on the page.
 */
function ConnectedNotice(props: { c: Parameters<typeof renderPage>[0]; profiles: ProfileRecord[] }) {
  const platform = props.c.req.query('network');
  const profile = props.profiles.find((p) => p.id === props.c.req.query('profile'));
  if (
    props.c.req.query('done') !== 'network-connected' ||
    !profile ||
    !PlatformSchema.safeParse(platform).success
  ) {
    return null;
  }
  return (
    <div class="notice ok" role="status">
      <strong>Done:</strong> {platform} is connected to {profile.name}.{' '}
      <a href="/dashboard/compose">Write a post</a> or{' '}
      <a href={`/dashboard/profiles/${profile.id}/networks/${platform}`}>change how it behaves</a>.
    </div>
  );
}

/** GET /dashboard/profiles, POST /profiles (create), POST /profiles/{id}/connect ("Profiles and networks"). */
export function profilesPage(services: Services): Hono<DashboardEnv> {
  const { repos } = services;
  const page = new Hono<DashboardEnv>();
  page.use('/profiles', requireSignIn());
  page.use('/profiles/*', requireSignIn());

  const show = (c: Parameters<typeof renderPage>[0], refused?: Refused) => {
    const { account } = signedIn(c);
    const profiles = repos.profiles.listForAccount(account.id, 10_000);
    const profileRefused = refused?.form === 'profile' ? refused : undefined;
    return renderPage(
      c,
      { title: 'Profiles', status: refused ? 400 : 200 },
      <>
        <DoneNotice
          c={c}
          messages={{
            created: 'The profile was created.',
            connected: 'The network was connected.',
            disconnected: 'The network was disconnected.',
          }}
        />
        <ConnectedNotice c={c} profiles={profiles} />
        <section class="card" aria-labelledby="new-profile-heading">
          <h2 id="new-profile-heading">Create a profile</h2>
          <FormProblem message={profileRefused?.problem} />
          <form method="post" action="/dashboard/profiles" novalidate>
            <CsrfField token={c.var.csrfToken} />
            <TextField
              name="name"
              label="Profile name"
              value={profileRefused?.typed.name}
              error={profileRefused?.errors.name}
            />
            <TextField
              name="handle"
              label="Handle (optional)"
              hint="Made from the name when left empty."
              value={profileRefused?.typed.handle}
              error={profileRefused?.errors.handle}
            />
            <button type="submit">Create profile</button>
          </form>
        </section>
        {profiles.map((profile) => (
          <ProfileCard services={services} profile={profile} csrfToken={c.var.csrfToken} refused={refused} />
        ))}
      </>,
    );
  };

  page.get('/profiles', (c) => show(c));

  page.post('/profiles', async (c) => {
    const { account } = signedIn(c);
    const typed = formStrings(await c.req.parseBody());
    const parsed = ProfileFormSchema.safeParse({
      name: (typed.name ?? '').trim(),
      handle: typed.handle?.trim() ? typed.handle.trim() : undefined,
    });
    if (!parsed.success) {
      return show(c, {
        form: 'profile',
        typed,
        errors: fieldErrors(parsed.error),
        problem: 'Correct the profile fields.',
      });
    }
    createProfile(repos, services.clocks.forAccount(account.id), account.id, parsed.data);
    return c.redirect('/dashboard/profiles?done=created', 303);
  });

  page.post('/profiles/:profile_id/connect', async (c) => {
    const { account } = signedIn(c);
    const profile = repos.profiles.getForAccount(account.id, c.req.param('profile_id'));
    if (!profile) throw apiError('not_found', 'No profile with this id on your account.');
    const typed = formStrings(await c.req.parseBody());
    const refuse = (errors: FieldErrors) =>
      show(c, {
        form: `connect:${profile.id}`,
        typed,
        errors,
        problem: 'Correct the fields of the connection.',
      });
    const platform = PlatformSchema.safeParse(typed.platform);
    if (!platform.success) return refuse({ platform: `Choose one of: ${PLATFORMS.join(', ')}.` });
    const options = readJsonField(typed.options, {});
    if (!options.ok) return refuse({ options: options.message });
    const parsed = ConnectFormSchema.safeParse({
      username: (typed.username ?? '').trim(),
      options: options.value,
    });
    if (!parsed.success) return refuse(fieldErrors(parsed.error));
    connectNetwork(repos, services.clocks.forAccount(account.id), profile, platform.data, parsed.data);
    const done = new URLSearchParams({
      done: 'network-connected',
      network: platform.data,
      profile: profile.id,
    });
    return c.redirect(`/dashboard/profiles?${done.toString()}#profile-${profile.id}`, 303);
  });

  return page;
}
