import { apiError } from '@socialpub/core';
import { Hono } from 'hono';
import { z } from 'zod';
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
 * GET/POST /dashboard/clock, only with a virtual clock: the time now and buttons that move it,
 * running everything that became due before the page answers (as POST /admin/v1/clock does).
 */
export function clockPage(services: Services): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();
  page.use('/clock', requireSignIn());
  page.use('/clock/*', requireSignIn());

  const clockOf = (c: Parameters<typeof signedIn>[0]) => {
    const clock = dashboardClock(services, signedIn(c).account);
    if (!clock)
      throw apiError(
        'not_found',
        'The clock can be moved only when the server runs with SOCIALPUB_CLOCK=virtual.',
      );
    return clock;
  };

  const show = (
    c: Parameters<typeof signedIn>[0],
    state: { to?: string; errors?: FieldErrors; problem?: string } = {},
  ) => {
    const clock = clockOf(c);
    return renderPage(
      c,
      { title: 'Clock', status: state.problem ? 400 : 200 },
      <>
        <DoneNotice c={c} messages={{ moved: 'The clock moved; everything that became due has run.' }} />
        <FormProblem message={state.problem} />
        <p>
          The server runs a virtual clock. Now:{' '}
          <strong id="clock-now">{formatTime(clock.now().toISOString())}</strong>
        </p>
        <section class="card" aria-labelledby="move-heading">
          <h2 id="move-heading">Move the clock forward</h2>
          <p class="hint">
            Moving runs every scheduled post, expiry and figure collection that becomes due, in order.
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
              value={state.to ?? clock.now().toISOString().slice(0, 16)}
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
    const clock = clockOf(c);
    const body = formStrings(await c.req.parseBody());
    const step = STEPS.find((s) => s.value === body.seconds);
    if (!step) return show(c, { problem: 'Choose one of the buttons.' });
    await clock.moveTo(new Date(clock.now().getTime() + Number(step.value) * 1000));
    refreshSession(services.repos, services.clocks, signedIn(c).session);
    return c.redirect('/dashboard/clock?done=moved', 303);
  });

  page.post('/clock/to', async (c) => {
    const clock = clockOf(c);
    const body = formStrings(await c.req.parseBody());
    const parsed = ToTimeSchema.safeParse(body.to ?? '');
    if (!parsed.success) {
      return show(c, {
        to: body.to ?? '',
        errors: { to: parsed.error.issues[0]?.message },
        problem: 'The clock did not move.',
      });
    }
    if (parsed.data.getTime() < clock.now().getTime()) {
      return show(c, {
        to: body.to ?? '',
        errors: { to: `The clock cannot move backwards (now ${formatTime(clock.now().toISOString())}).` },
        problem: 'The clock did not move.',
      });
    }
    await clock.moveTo(parsed.data);
    refreshSession(services.repos, services.clocks, signedIn(c).session);
    return c.redirect('/dashboard/clock?done=moved', 303);
  });

  return page;
}
