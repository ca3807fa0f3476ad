import { Hono } from 'hono';
import type { Services } from '../../services.js';
import { DoneNotice } from '../components/done-notice.js';
import { FormProblem, formStrings, SelectField } from '../components/form-fields.js';
import { Time } from '../components/time.js';
import { CsrfField, type DashboardEnv, renderPage, requireSignIn, signedIn } from '../session/index.js';
import { isTimeZone, knownTimeZones } from '../time-zone.js';

/** The setting's value that follows the browser (stored as no setting). */
const FOLLOW_BROWSER = '';

/**
 * GET /dashboard/settings and POST /dashboard/settings/time-zone: the zone every page writes times
 * in. Without a setting the pages follow the browser's zone (the dashboard's script tells it in a
 * cookie; UTC until it has).
 */
export function settingsPage(services: Services): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();
  page.use('/settings', requireSignIn());
  page.use('/settings/*', requireSignIn());

  const show = (c: Parameters<typeof signedIn>[0], problem?: string, typed?: string) => {
    const { account } = signedIn(c);
    const browserZone = c.var.timeZoneFromBrowser ? c.var.timeZone : null;
    return renderPage(
      c,
      { title: 'Settings', status: problem ? 400 : 200 },
      <>
        <DoneNotice
          c={c}
          messages={{ saved: 'The time zone was saved; every page now shows times in it.' }}
        />
        <section class="card" aria-labelledby="zone-heading">
          <h2 id="zone-heading">Time zone</h2>
          <p>
            Every time on the dashboard is shown in <strong>{c.var.timeZone}</strong>
            {c.var.timeZoneFromBrowser ? ", your browser's zone" : ', as set here'}. Now:{' '}
            <Time at={c.var.pageNow} />. Point at any time to see it in UTC; the API always answers in UTC.
          </p>
          <FormProblem message={problem} />
          <form method="post" action="/dashboard/settings/time-zone" novalidate>
            <CsrfField token={c.var.csrfToken} />
            <SelectField
              name="time_zone"
              label="Show times in"
              value={typed ?? account.timeZone ?? FOLLOW_BROWSER}
              error={problem}
              options={[
                {
                  value: FOLLOW_BROWSER,
                  label: browserZone ? `My browser's zone (now ${browserZone})` : "My browser's zone",
                },
                ...knownTimeZones().map((zone) => ({ value: zone, label: zone })),
              ]}
            />
            <button type="submit">Save time zone</button>
          </form>
        </section>
      </>,
    );
  };

  page.get('/settings', (c) => show(c));

  page.post('/settings/time-zone', async (c) => {
    const { account } = signedIn(c);
    const typed = formStrings(await c.req.parseBody()).time_zone ?? FOLLOW_BROWSER;
    const shown = typed.slice(0, 64);
    if (typed !== FOLLOW_BROWSER && !isTimeZone(typed)) {
      return show(c, `“${shown}” is not a time zone; choose one from the list.`, typed);
    }
    services.repos.accounts.setTimeZone(account.id, typed === FOLLOW_BROWSER ? null : typed);
    return c.redirect('/dashboard/settings?done=saved', 303);
  });

  return page;
}
