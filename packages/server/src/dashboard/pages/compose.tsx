import { randomUUID } from 'node:crypto';
import { isApiError, LibraryListQuerySchema } from '@socialpub/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { listLibrary } from '../../domain/media/library.js';
import type { Services } from '../../services.js';
import { type ComposeChoices, ComposeForm, type ComposeValues } from '../components/compose-form.js';
import { FormProblem } from '../components/form-fields.js';
import { formatTime } from '../components/format.js';
import { type DashboardEnv, renderPage, requireSignIn, signedIn } from '../session/index.js';
import { formatUtc, isTimeZone, parseLocalInput } from '../time-zone.js';

/** One network's answer to Check or Publish, in words. */
interface PlaceResult {
  platform: string;
  ok: boolean;
  message: string;
  link?: string;
  /** The post's or scheduled post's id once one was made. */
  id?: string;
}

const EMPTY: ComposeValues = {
  profile_id: '',
  networks: [],
  text: '',
  media: [],
  when: 'now',
  at_local: '',
  time_zone: '',
  tiktok_privacy: '',
  youtube_privacy: '',
  youtube_title: '',
  pinterest_board: '',
  skool_group: '',
  skool_title: '',
  skool_label: '',
};

const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (v): v is string => typeof v === 'string',
  );
const one = (value: unknown): string => list(value)[0] ?? '';
const named = (value: unknown): Array<{ id: string; name: string }> =>
  (Array.isArray(value) ? value : []).flatMap((item) => {
    const row = item as { id?: unknown; name?: unknown; slug?: unknown };
    const id = typeof row.slug === 'string' ? row.slug : typeof row.id === 'string' ? row.id : null;
    return id === null ? [] : [{ id, name: typeof row.name === 'string' ? row.name : id }];
  });

/** The network's block of the API body, only with what was chosen. */
function networkBlock(platform: string, v: ComposeValues): Record<string, unknown> {
  const set = (entries: Array<[string, string]>) =>
    Object.fromEntries(entries.filter(([, value]) => value !== ''));
  const blocks: Record<string, Record<string, unknown>> = {
    tiktok: set([['privacyLevel', v.tiktok_privacy]]),
    youtube: set([
      ['privacyStatus', v.youtube_privacy],
      ['title', v.youtube_title],
    ]),
    pinterest: set([['boardId', v.pinterest_board]]),
    skool: set([
      ['group', v.skool_group],
      ['title', v.skool_title],
      ['label', v.skool_label],
    ]),
  };
  const block = blocks[platform];
  return block && Object.keys(block).length > 0 ? { [platform]: block } : {};
}

/**
 * GET and POST /dashboard/compose: the composer. Each picked network becomes the body `POST /posts`
 * takes and goes through the same publishing service: Check runs every check with nothing sent
 * (`prepare`), Publish or schedule runs `handle`; a refusal is shown in the service's own words
 * beside what was typed, which stays in the form.
 */
export function composePage(services: Services): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();
  page.use('/compose', requireSignIn());

  const choicesFor = (c: Context<DashboardEnv>, profileId: string): ComposeChoices => {
    const { account } = signedIn(c);
    const profiles = services.repos.profiles.listForAccount(account.id);
    const profile = profiles.find((p) => p.id === profileId);
    const connections = profile ? services.repos.connections.listForProfile(profile.id) : [];
    const optionsOf = (platform: string) => connections.find((x) => x.platform === platform)?.options ?? {};
    const library = listLibrary(services.repos, services.media.retention, {
      accountId: account.id,
      query: LibraryListQuerySchema.parse({ limit: '100' }),
      warnings: [],
      cursorSecret: services.media.cursorSecret(),
      baseUrl: services.urls.base,
      now: services.clocks.forAccount(account.id).now(),
    });
    return {
      profiles: profiles.map((p) => ({ id: p.id, name: p.name })),
      connected: connections.map((x) => x.platform),
      tiktokPrivacy: list(optionsOf('tiktok')['privacy_level_options']),
      boards: named(optionsOf('pinterest')['boards']),
      groups: named(optionsOf('skool')['groups']),
      library: library.data
        .filter((item) => item.status === 'ready')
        .map((item) => ({ id: item.file_id, name: item.file_name, kind: item.kind })),
    };
  };

  const show = (
    c: Context<DashboardEnv>,
    values: ComposeValues,
    results: PlaceResult[],
    problem?: string,
  ) => {
    const refused = problem !== undefined || results.some((r) => !r.ok);
    return renderPage(
      c,
      { title: 'New post', status: refused ? 400 : 200 },
      <>
        <FormProblem message={problem} />
        {results.length > 0 ? (
          <section class="card" aria-labelledby="results-heading">
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
        <ComposeForm
          values={values}
          choices={choicesFor(c, values.profile_id)}
          csrfToken={c.var.csrfToken}
          timeZone={c.var.timeZone}
        />
      </>,
    );
  };

  page.get('/compose', (c) => {
    const profiles = services.repos.profiles.listForAccount(signedIn(c).account.id);
    const chosen = profiles.find((p) => p.id === c.req.query('profile_id')) ?? profiles[0];
    return show(c, { ...EMPTY, profile_id: chosen?.id ?? '' }, []);
  });

  page.post('/compose', async (c) => {
    const { account } = signedIn(c);
    const form = await c.req.parseBody({ all: true });
    const values: ComposeValues = {
      ...EMPTY,
      ...Object.fromEntries(Object.keys(EMPTY).map((name) => [name, one(form[name])])),
      networks: list(form['networks']),
      media: list(form['media']),
      when: one(form['when']) === 'later' ? 'later' : 'now',
    };
    const zone = isTimeZone(values.time_zone) ? values.time_zone : c.var.timeZone;
    if (values.networks.length === 0) return show(c, values, [], 'Pick at least one network.');
    let scheduledFor: string | undefined;
    if (values.when === 'later') {
      // Read in the zone the form was shown in (the page's), whatever the browser's own zone.
      const at = parseLocalInput(values.at_local, zone);
      if (!at) return show(c, values, [], 'Give the date and time to publish at, or pick Now.');
      scheduledFor = at.toISOString();
    }
    const check = one(form['action']) === 'check';
    const inZone = (iso: string) => `${formatTime(iso, zone)} (${formatUtc(new Date(iso))})`;
    const service = services.publishing;
    const results: PlaceResult[] = [];
    for (const platform of values.networks) {
      const content = {
        ...(values.text === '' ? {} : { text: values.text }),
        ...(values.media.length === 0 ? {} : { mediaID: values.media }),
      };
      const post = {
        accountId: values.profile_id,
        platform,
        content,
        ...(scheduledFor ? { scheduledFor } : {}),
        ...networkBlock(platform, values),
      };
      const input = { address: 'current' as const, account, idempotencyKey: undefined };
      try {
        if (check) {
          const prepared = await service.prepare({ ...input, rawBody: JSON.stringify({ post }) });
          const when =
            prepared.delivery.kind === 'now' ? 'now' : `at ${inZone(prepared.delivery.at.toISOString())}`;
          results.push({ platform, ok: true, message: `Every check passed; it would go out ${when}.` });
          continue;
        }
        const answer = await service.handle({ ...input, rawBody: JSON.stringify({ post }) });
        const ids = (answer.body['service'] ?? answer.body) as {
          post_id?: string;
          scheduled_post_id?: string;
        };
        const id = ids.scheduled_post_id ?? ids.post_id;
        // A schedule is confirmed in the person's zone; other answers in the service's own words.
        const scheduledAt = answer.body['scheduled_at'];
        const message =
          answer.status < 300 && typeof scheduledAt === 'string'
            ? `Scheduled for ${inZone(scheduledAt)}.`
            : typeof answer.body['message'] === 'string'
              ? answer.body['message']
              : 'Published.';
        results.push({
          platform,
          ok: answer.status < 300,
          message,
          ...(id ? { link: `/dashboard/history/${id}`, id } : {}),
        });
      } catch (error) {
        if (!isApiError(error)) throw error;
        results.push({ platform, ok: false, message: error.message });
      }
    }
    // One post written once for several networks stays one row on Scheduled and History.
    const made = results.flatMap((r) => (r.ok && r.id ? [r.id] : []));
    if (made.length > 1) services.repos.composerGroups.add(account.id, randomUUID(), made);
    const allSent = !check && results.every((r) => r.ok);
    return show(c, allSent ? { ...EMPTY, profile_id: values.profile_id } : values, results);
  });

  return page;
}
