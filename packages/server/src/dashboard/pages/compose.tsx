import {
  countPostText,
  isPlatform,
  type LibraryItem,
  LibraryListQuerySchema,
  PLATFORMS,
  type Platform,
  prepareTextCounting,
  TIKTOK_PRIVACY_LEVELS,
  YOUTUBE_PRIVACY_STATUSES,
} from '@socialpub/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { listLibrary } from '../../domain/media/library.js';
import { publicFileUrl } from '../../domain/media/media-status.js';
import type { Services } from '../../services.js';
import { type ComposeChoices, ComposeForm, type ComposeValues } from '../components/compose-form.js';
import { networkBlock, OPTION_FIELD_NAMES } from '../components/compose-options.js';
import { type ComposePreview, ComposePreviews } from '../components/compose-previews.js';
import { FormProblem, SelectField } from '../components/form-fields.js';
import { type PlaceResult, sendComposed } from '../compose/send-composed.js';
import { type DashboardEnv, renderPage, requireSignIn, signedIn } from '../session/index.js';
import { isTimeZone } from '../time-zone.js';

const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (v): v is string => typeof v === 'string',
  );
const one = (value: unknown): string => list(value)[0] ?? '';
const named = (value: unknown): Array<{ value: string; label: string }> =>
  (Array.isArray(value) ? value : []).flatMap((item) => {
    const row = item as { id?: unknown; name?: unknown; slug?: unknown };
    const id = typeof row.slug === 'string' ? row.slug : typeof row.id === 'string' ? row.id : null;
    return id === null ? [] : [{ value: id, label: typeof row.name === 'string' ? row.name : id }];
  });
const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

interface Loaded {
  choices: ComposeChoices;
  files: LibraryItem[];
  profileId: string;
}

/**
 * GET and POST /dashboard/compose: the composer. Each picked network becomes the body `POST /posts`
 * takes and goes through the same publishing service (`compose/send-composed.ts`): Check and
 * preview runs every check with nothing sent, Publish or schedule sends, and one post for several
 * networks is kept as one group. A refusal is shown in the service's own words beside what was
 * typed, which stays in the form. The previews are the network inbox's cards with counts from
 * core's rule table; the composer's script (`/dashboard/assets/composer.js`) counts as the person
 * types and asks for fresh previews (`action=preview`, nothing checked or sent).
 */
export function composePage(services: Services): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();
  page.use('/compose', requireSignIn());

  const load = (c: Context<DashboardEnv>, profileId: string): Loaded => {
    const { account } = signedIn(c);
    const profiles = services.repos.profiles.listForAccount(account.id);
    const profile = profiles.find((p) => p.id === profileId) ?? profiles[0];
    const connections = profile ? services.repos.connections.listForProfile(profile.id) : [];
    const optionsOf = (platform: string) => connections.find((x) => x.platform === platform)?.options ?? {};
    const files = listLibrary(services.repos, services.media.retention, {
      accountId: account.id,
      query: LibraryListQuerySchema.parse({ limit: '100' }),
      warnings: [],
      cursorSecret: services.media.cursorSecret(),
      baseUrl: services.urls.base,
      now: services.clocks.forAccount(account.id).now(),
    }).data.filter((item) => item.status === 'ready');
    const connected = PLATFORMS.flatMap((platform) => {
      const connection = connections.find((x) => x.platform === platform);
      return connection ? [{ platform, username: connection.username ?? null }] : [];
    });
    const tiktokLevels = list(optionsOf('tiktok')['privacy_level_options']);
    return {
      profileId: profile?.id ?? '',
      files,
      choices: {
        profiles: profiles.map((p) => ({ id: p.id, name: p.name })),
        connected,
        notConnected: PLATFORMS.filter((p) => !connected.some((x) => x.platform === p)),
        selects: {
          tiktok_privacy: plain(tiktokLevels.length > 0 ? tiktokLevels : [...TIKTOK_PRIVACY_LEVELS]),
          youtube_privacy: plain([...YOUTUBE_PRIVACY_STATUSES]),
          pinterest_boards: named(optionsOf('pinterest')['boards']),
          skool_groups: named(optionsOf('skool')['groups']),
        },
        library: files.map((file) => ({
          id: file.file_id,
          name: file.file_name,
          kind: file.kind,
          src:
            file.kind === 'image'
              ? publicFileUrl('', { fileId: file.file_id, fileName: file.file_name })
              : null,
        })),
      },
    };
  };

  /** A card per connected network, as the network inbox draws what a network received. */
  const previewsOf = async (c: Context<DashboardEnv>, loaded: Loaded, values: ComposeValues) => {
    const picked = values.media.flatMap((id) => loaded.files.filter((file) => file.file_id === id));
    const previews: ComposePreview[] = [];
    for (const { platform, username } of loaded.choices.connected) {
      await prepareTextCounting(platform);
      const block = (networkBlock(platform, values.options)[platform] ?? {}) as Record<string, unknown>;
      previews.push({
        shown: values.networks.includes(platform),
        counts: countPostText(platform, { text: values.text === '' ? null : values.text, options: block }),
        delivery: {
          id: `preview-${platform}`,
          account_id: signedIn(c).account.id,
          profile_id: loaded.profileId,
          platform,
          username,
          post_id: '',
          scheduled_post_id: null,
          text: values.text === '' ? null : values.text,
          media: picked.map((file) => ({
            kind: file.kind,
            type: file.type,
            size: file.size,
            width: null,
            height: null,
            duration_seconds: null,
            file_id: file.file_id,
            url:
              file.kind === 'image'
                ? publicFileUrl('', { fileId: file.file_id, fileName: file.file_name })
                : null,
          })),
          options: block,
          post_type: '',
          publish_id: null,
          permalink: null,
          status: 'preview',
          at: c.var.pageNow.toISOString(),
        },
      });
    }
    return previews;
  };

  const show = async (
    c: Context<DashboardEnv>,
    values: ComposeValues,
    results: PlaceResult[],
    problem?: string,
  ) => {
    const loaded = load(c, values.profile_id);
    const refused = problem !== undefined || results.some((r) => !r.ok);
    const shownValues = { ...values, profile_id: loaded.profileId };
    const previews = await previewsOf(c, loaded, shownValues);
    return renderPage(
      c,
      { title: 'New post', status: refused ? 400 : 200, scripts: ['/dashboard/assets/composer.js'] },
      <>
        <FormProblem message={problem} />
        {results.length > 0 ? (
          <section class="card" aria-labelledby="results-heading" id="results">
            <h2 id="results-heading">{refused ? 'Not everything can go out' : 'Done'}</h2>
            <ul>
              {results.map((r) => (
                <li>
                  <span class={r.ok ? 'badge good' : 'badge bad'}>{r.ok ? 'ok' : 'refused'}</span>{' '}
                  <strong>{r.platform}</strong>: {r.message} {r.link ? <a href={r.link}>See it</a> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {loaded.choices.profiles.length > 1 ? (
          <form method="get" action="/dashboard/compose" class="actions profile-switch">
            <SelectField
              name="profile_id"
              label="Profile"
              options={loaded.choices.profiles.map((p) => ({ value: p.id, label: p.name }))}
              value={loaded.profileId}
            />
            <button type="submit" class="secondary">
              Use this profile
            </button>
          </form>
        ) : (
          <p>
            Profile: {loaded.choices.profiles[0]?.name ?? <a href="/dashboard/profiles">create one first</a>}
          </p>
        )}
        <div class="composer">
          <ComposeForm
            values={shownValues}
            choices={loaded.choices}
            csrfToken={c.var.csrfToken}
            timeZone={c.var.timeZone}
          />
          <ComposePreviews previews={previews} />
        </div>
      </>,
    );
  };

  const empty = (profileId: string, timeZone: string): ComposeValues => ({
    profile_id: profileId,
    networks: [],
    text: '',
    media: [],
    when: 'now',
    at_local: '',
    time_zone: timeZone,
    options: {},
  });

  page.get('/compose', (c) => show(c, empty(c.req.query('profile_id') ?? '', c.var.timeZone), []));

  page.post('/compose', async (c) => {
    const form = await c.req.parseBody({ all: true });
    const values: ComposeValues = {
      profile_id: one(form['profile_id']),
      networks: list(form['networks']).filter((n) => isPlatform(n)),
      text: one(form['text']),
      media: list(form['media']),
      when: one(form['when']) === 'later' ? 'later' : 'now',
      at_local: one(form['at_local']),
      time_zone: one(form['time_zone']),
      options: Object.fromEntries(OPTION_FIELD_NAMES.map((name) => [name, one(form[name])])),
    };
    const action = one(form['action']);
    if (action === 'preview') return show(c, values, []);
    const zone = isTimeZone(values.time_zone) ? values.time_zone : c.var.timeZone;
    const outcome = await sendComposed(services, signedIn(c).account, {
      values: { ...values, networks: values.networks as Platform[] },
      zone,
      check: action === 'check',
    });
    if (outcome.problem !== undefined) return show(c, values, [], outcome.problem);
    const allSent = action !== 'check' && outcome.results.every((r) => r.ok);
    return show(c, allSent ? empty(values.profile_id, zone) : values, outcome.results);
  });

  return page;
}
