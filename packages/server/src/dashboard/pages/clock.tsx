import { apiError, CLOCK_PAST_LATEST_MESSAGE } from '@socialpub/core';
import { Hono } from 'hono';
import * as z from 'zod';
import { LATEST_CLOCK_MS } from '../../clock.js';
import type { Services } from '../../services.js';
import { DoneNotice } from '../components/done-notice.js';
import { type FieldErrors, FormProblem, formStrings, TextField } from '../components/form-fields.js';
import { formatTime } from '../components/format.js';
import { dashboardClock } from '../dashboard-clock.js';
import {
  CsrfField,
  type DashboardEnv,
  refreshSession,
  renderPage,
  requireSignIn,
  signedIn,
} from '../session/index.js';

const STEPS = [
  { value: '60', label: '+1 minute' },
  { value: '3600', label: '+1 hour' },
  { value: '86400', label: '+1 day' },
] as const;

/** `datetime-local` gives `YYYY-MM-DDTHH:MM` (read as UTC here, as every time on the dashboard is). */
const ToTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'Enter a date and time, e.g. 2026-03-02T10:00.')
  .transform((value) => new Date(`${value}Z`))
  .refine((date) => !Number.isNaN(date.getTime()), 'Enter a real date and time.');

/**
 * GET/POST /dashboard/clock. An account on a test clock sees its time and moves it, running
 * everything that became due for its accounts before the page answers (as POST
 * /admin/v1/clocks/{id} does). An account on the server's virtual clock sees the time and how to
 * get a test clock; nothing it sends moves the server's clock, which only the admin API moves.
 */
export function clockPage(services: Services): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();
  page.use('/clock', requireSignIn());
  page.use('/clock/*', requireSignIn());

  const viewOf = (c: Parameters<typeof signedIn>[0]) => {
    const view = dashboardClock(services, signedIn(c).account);
    if (!view)
      throw apiError(
        'not_found',
        'The Clock page exists only when the server runs with SOCIALPUB_CLOCK=virtual or the account is on a test clock.',
      );
    return view;
  };
  const movableOf = (c: Parameters<typeof signedIn>[0]) => {
    const view = viewOf(c);
    if (view.kind !== 'test') {
      throw apiError(
        'forbidden',
        "This account is on the server's clock, which every account shares: only the admin API moves it. Nothing was moved.",
      );
    }
    return view;
  };

  const show = (
    c: Parameters<typeof signedIn>[0],
    state: { to?: string; errors?: FieldErrors; problem?: string } = {},
  ) => {
    const view = viewOf(c);
    const now = <strong id="clock-now">{formatTime(view.now().toISOString())}</strong>;
    if (view.kind === 'server') {
      return renderPage(
        c,
        { title: 'Clock' },
        <>
          <p>The server runs a virtual clock. Now: {now}</p>
          <section class="card" aria-labelledby="test-clock-heading">
            <h2 id="test-clock-heading">Moving time for your own tests</h2>
            <p>
              This account is on the server's clock, which every account on this server shares, so it moves
              only through the admin API (<code>POST /admin/v1/clock</code>).
            </p>
            <p>
              To move time yourself, use an account on a test clock of its own: create the clock with{' '}
              <code>POST /admin/v1/clocks</code> and the account with <code>POST /admin/v1/accounts</code> and
              its <code>clock_id</code>. Signed in as that account, this page moves its clock, and only the
              work of the accounts on it runs.
            </p>
          </section>
        </>,
      );
    }
    return renderPage(
      c,
      { title: 'Clock', status: state.problem ? 400 : 200 },
      <>
        <DoneNotice c={c} messages={{ moved: 'The clock moved; everything that became due has run.' }} />
        <FormProblem message={state.problem} />
        <p>This account is on a test clock of its own. Now: {now}</p>
        <section class="card" aria-labelledby="move-heading">
          <h2 id="move-heading">Move the clock forward</h2>
          <p class="hint">
            Moving runs every scheduled post, expiry and figure collection of the accounts on this test clock
            that becomes due, in order. Other accounts' time does not move.
          </p>
          <div class="actions">
            {STEPS.map((step) => (
              <form method="post" action="/dashboard/clock/advance">
                <CsrfField token={c.var.csrfToken} />
                <input type="hidden" name="seconds" value={step.value} />
                <button type="submit">{step.label}</button>
              </form>
            ))}
          </div>
          <form method="post" action="/dashboard/clock/to" novalidate>
            <CsrfField token={c.var.csrfToken} />
            <TextField
              name="to"
              label="Move to (UTC)"
              type="datetime-local"
              value={state.to ?? view.now().toISOString().slice(0, 16)}
              error={state.errors?.to}
            />
            <button type="submit">Move to this time</button>
          </form>
        </section>
      </>,
    );
  };

  page.get('/clock', (c) => show(c));

  page.post('/clock/advance', async (c) => {
    const clock = movableOf(c);
    const body = formStrings(await c.req.parseBody());
    const step = STEPS.find((s) => s.value === body.seconds);
    if (!step) return show(c, { problem: 'Choose one of the buttons.' });
    const target = new Date(clock.now().getTime() + Number(step.value) * 1000);
    if (target.getTime() > LATEST_CLOCK_MS) {
      return show(c, { problem: `${CLOCK_PAST_LATEST_MESSAGE} The clock did not move.` });
    }
    await clock.moveTo(target);
    refreshSession(services.repos, services.clocks, signedIn(c).session);
    return c.redirect('/dashboard/clock?done=moved', 303);
  });

  page.post('/clock/to', async (c) => {
    const clock = movableOf(c);
    const body = formStrings(await c.req.parseBody());
    const parsed = ToTimeSchema.safeParse(body.to ?? '');
    const refuse = (message: string) =>
      show(c, { to: body.to ?? '', errors: { to: message }, problem: 'The clock did not move.' });
    if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'Enter a date and time.');
    if (parsed.data.getTime() < clock.now().getTime()) {
      return refuse(`The clock cannot move backwards (now ${formatTime(clock.now().toISOString())}).`);
    }
    if (parsed.data.getTime() > LATEST_CLOCK_MS) return refuse(CLOCK_PAST_LATEST_MESSAGE);
    await clock.moveTo(parsed.data);
    refreshSession(services.repos, services.clocks, signedIn(c).session);
    return c.redirect('/dashboard/clock?done=moved', 303);
  });

  return page;
}
