import { isApiError, LIMITS, PLATFORMS, prepareTextCounting } from '@socialpub/core';
import { Hono } from 'hono';
import type { DeliveryListQuery } from '../../db/deliveries-repo.js';
import { deliveryFilter, deliveryView } from '../../domain/deliveries/index.js';
import { type DeliveryListInput, listDeliveries } from '../../domain/deliveries/list-deliveries.js';
import type { Services } from '../../services.js';
import { DeliveryCard } from '../components/delivery-card.js';
import { type FieldErrors, SelectField, TextField } from '../components/form-fields.js';
import { type DashboardEnv, renderPage, requireSignIn, signedIn } from '../session/index.js';

const FILTERS = ['platform', 'profile_id', 'q', 'cursor'] as const;
/** How often an open inbox asks whether something new arrived (dashboard.js). */
const POLL_SECONDS = 3;

/** The page's filters as typed (empty ones left out), for the listing and the next page's address. */
function filtersOf(
  query: (name: string) => string | undefined,
): Partial<Record<(typeof FILTERS)[number], string>> {
  const raw: Partial<Record<(typeof FILTERS)[number], string>> = {};
  for (const name of FILTERS) {
    const value = query(name);
    if (value) raw[name] = value;
  }
  return raw;
}

/**
 * What changes whenever the filtered feed does: how many match and the newest one's id (posts
 * recorded in the same millisecond may sort either way, so the id alone could miss one).
 */
function feedMarker(services: Services, filter: DeliveryListQuery): string {
  const [newest] = services.repos.deliveries.list({ ...filter, limit: 1 });
  return `${services.repos.deliveries.count(filter)}:${newest ? deliveryView(services, newest).id : ''}`;
}

/**
 * GET /dashboard/inbox: the network inbox, what each simulated network accepted from the account,
 * newest first, as preview cards; filters by network and profile and a text search, through the
 * admin API's own listing. An open page asks GET /dashboard/inbox/newest every few seconds and
 * swaps in the feed when something new arrived (no reload).
 */
export function inboxPage(services: Services): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();
  page.use('/inbox', requireSignIn());
  page.use('/inbox/*', requireSignIn());

  page.get('/inbox/newest', (c) => {
    const { account } = signedIn(c);
    const { cursor: _cursor, ...raw } = filtersOf((name) => c.req.query(name));
    try {
      return c.json({
        marker: feedMarker(services, deliveryFilter(services, account.id, { ...raw, limit: 1 })),
      });
    } catch (error) {
      if (!isApiError(error)) throw error;
      return c.json({ marker: null });
    }
  });

  page.get('/inbox', async (c) => {
    const { account } = signedIn(c);
    const profiles = services.repos.profiles.listForAccount(account.id, 10_000);
    const names = new Map(profiles.map((p) => [p.id, p.name]));
    const raw = filtersOf((name) => c.req.query(name));
    let errors: FieldErrors = {};
    let listed: ReturnType<typeof listDeliveries> = { data: [], next_cursor: null, next_url: null };
    let marker = '';
    try {
      const input: DeliveryListInput = { ...raw, limit: LIMITS.pages.dashboardRows };
      if (raw.q !== undefined && raw.q.length > LIMITS.pages.textSearchMaxLength) {
        errors = { q: `Search for at most ${LIMITS.pages.textSearchMaxLength} characters.` };
      } else {
        listed = listDeliveries(services, account.id, input);
        const { cursor: _cursor, ...fresh } = input;
        marker = feedMarker(services, deliveryFilter(services, account.id, fresh));
      }
    } catch (error) {
      if (!isApiError(error) || error.status !== 400) throw error;
      const parameter = (error.extra as { parameter?: string } | undefined)?.parameter ?? 'q';
      errors = { [parameter]: error.message };
    }
    // An X card counts as X does (twitter-text, loaded at the first X text).
    if (listed.data.some((delivery) => delivery.platform === 'x')) await prepareTextCounting('x');
    const { cursor, ...firstPage } = raw;
    const pollQuery = new URLSearchParams(firstPage).toString();
    const next = listed.next_cursor
      ? new URLSearchParams({ ...firstPage, cursor: listed.next_cursor })
      : null;
    return renderPage(
      c,
      { title: 'Network inbox', status: Object.keys(errors).length > 0 ? 400 : 200 },
      <>
        <p class="hint">
          Every post a simulated network accepted, as that network received it: from the API, AI apps, the
          scheduler and the composer. Refused and failed sends are not here. Times are UTC.
        </p>
        <form method="get" action="/dashboard/inbox" class="card">
          <h2>Filter</h2>
          <div class="grid">
            <SelectField
              name="platform"
              label="Network"
              options={[
                { value: '', label: 'Any network' },
                ...PLATFORMS.map((p) => ({ value: p, label: p })),
              ]}
              value={raw.platform ?? ''}
              error={errors['platform']}
            />
            <SelectField
              name="profile_id"
              label="Profile"
              options={[
                { value: '', label: 'Any profile' },
                ...profiles.map((p) => ({ value: p.id, label: p.name })),
              ]}
              value={raw.profile_id ?? ''}
              error={errors['profile_id']}
            />
            <TextField name="q" label="Text contains" type="search" value={raw.q ?? ''} error={errors['q']} />
          </div>
          <button type="submit">Show deliveries</button>
        </form>
        <p class="muted" role="status" id="inbox-status" />
        <section
          id="inbox-feed"
          aria-labelledby="feed-heading"
          data-marker={marker}
          data-poll={cursor ? undefined : `/dashboard/inbox/newest?${pollQuery}`}
          data-poll-seconds={String(POLL_SECONDS)}
        >
          <h2 id="feed-heading">
            Deliveries ({listed.data.length}
            {listed.next_cursor ? '+' : ''})
          </h2>
          {listed.data.length === 0 ? (
            <p>Nothing yet. Publish a post (API, CLI, an AI app or the composer) and it appears here.</p>
          ) : (
            <div class="feed">
              {listed.data.map((delivery) => (
                <DeliveryCard delivery={delivery} profileName={names.get(delivery.profile_id) ?? null} />
              ))}
            </div>
          )}
          <p class="pager">
            {cursor ? <a href={`/dashboard/inbox?${pollQuery}`}>Newest deliveries</a> : null}
            {next ? <a href={`/dashboard/inbox?${next.toString()}`}>Older deliveries</a> : null}
          </p>
        </section>
      </>,
    );
  });

  return page;
}
