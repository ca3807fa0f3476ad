import { isApiError } from '@socialpub/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  type AccountClockState,
  accountClockState,
  moveOwnTestClock,
  returnToServerClock,
  startOwnTestClock,
} from '../../domain/clocks/own-test-clock.js';
import type { Services } from '../../services.js';
import { DoneNotice } from '../components/done-notice.js';
import { type FieldErrors, FormProblem, formStrings, TextField } from '../components/form-fields.js';
import { Time } from '../components/time.js';
import {
  CsrfField,
  type DashboardEnv,
  refreshSession,
  renderPage,
  requireSignIn,
  SESSION_MAX_SECONDS,
  signedIn,
} from '../session/index.js';
import { isTimeZone, localInputValue, parseLocalInput } from '../time-zone.js';

const STEPS = [
  { value: '60', label: '+1 minute' },
  { value: '3600', label: '+1 hour' },
  { value: '86400', label: '+1 day' },
] as const;

const DONE = {
  moved: 'The clock moved; everything that became due has run.',
  started: 'This account now runs on a test clock of its own, starting at the server’s time.',
  back: 'This account is back on the server’s clock; its test clock was deleted.',
};

type Page = Context<DashboardEnv>;

function ServerClock(props: { c: Page; state: Extract<AccountClockState, { kind: 'server' }> }) {
  return (
    <>
      <p>
        This account is on the server’s {props.state.mode === 'virtual' ? 'virtual ' : ''}clock, which every
        account on this server shares, so only the admin API moves it (<code>POST /admin/v1/clock</code>).
        Now:{' '}
        <strong id="clock-now">
          <Time at={props.state.now} />
        </strong>
      </p>
      <section class="card" aria-labelledby="start-heading">
        <h2 id="start-heading">A test clock of your own</h2>
        <p>
          To try scheduling without waiting, move this account onto a test clock of its own. It starts at the
          server’s time and holds only this account; your waiting posts keep their due times and go out when
          your clock reaches them. Moving it changes nothing for anyone else.
        </p>
        <form method="post" action="/dashboard/clock/start">
          <CsrfField token={props.c.var.csrfToken} />
          <button type="submit">Start a test clock of my own</button>
        </form>
        <p class="hint">
          Pipelines that share one clock between several accounts create it with{' '}
          <code>POST /admin/v1/clocks</code> and the accounts with its <code>clock_id</code>.
        </p>
      </section>
    </>
  );
}

function OwnClock(props: {
  c: Page;
  state: Extract<AccountClockState, { kind: 'own' }>;
  to?: string | undefined;
  errors?: FieldErrors | undefined;
}) {
  const { c, state } = props;
  return (
    <>
      <p>
        This account runs on a <strong>test clock of its own</strong>. Now:{' '}
        <strong id="clock-now">
          <Time at={state.now} />
        </strong>{' '}
        (the server’s clock: <Time at={state.serverNow} />
        ).
      </p>
      <section class="card" aria-labelledby="move-heading">
        <h2 id="move-heading">Move the clock forward</h2>
        <p class="hint">
          Moving runs every scheduled post, expiry and figure collection of this account that becomes due, in
          order. Other accounts’ time does not move. Sessions last {SESSION_MAX_SECONDS / 86_400} days on this
          clock too: moving further signs you out.
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
          <input type="hidden" name="time_zone" value={c.var.timeZone} />
          <TextField
            name="to"
            label={`Move to (${c.var.timeZone})`}
            type="datetime-local"
            value={props.to ?? localInputValue(state.now, c.var.timeZone)}
            error={props.errors?.to}
          />
          <button type="submit">Move to this time</button>
        </form>
      </section>
      <section class="card" aria-labelledby="back-heading">
        <h2 id="back-heading">Back to the server’s clock</h2>
        {state.canGoBack ? (
          <form method="post" action="/dashboard/clock/back">
            <CsrfField token={c.var.csrfToken} />
            <p>
              The server’s clock has reached this one: the account can join it again, and this clock is
              deleted.
            </p>
            <button type="submit" class="secondary">
              Go back to the server’s clock
            </button>
          </form>
        ) : (
          <p>
            Possible once the server’s clock reaches <Time at={state.now} />: going back sooner would move
            this account’s time backwards.
          </p>
        )}
      </section>
    </>
  );
}

/**
 * GET/POST /dashboard/clock, in everyone's menu (reference-server.md, Clock). An account on the
 * server's clock sees the time and can start a test clock of its own; on its own test clock it
 * moves it (everything due for it runs before the page answers) and can go back once the server's
 * clock has caught up; a test clock shared by several accounts only shows its time. The rules are
 * the clocks domain's (clocks/own-test-clock.ts); nothing here moves the server's clock.
 */
export function clockPage(services: Services): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();
  page.use('/clock', requireSignIn());
  page.use('/clock/*', requireSignIn());

  const show = (
    c: Page,
    state: { to?: string; errors?: FieldErrors; problem?: string; status?: 400 | 409 } = {},
  ) => {
    const clock = accountClockState(services, signedIn(c).account.id);
    return renderPage(
      c,
      { title: 'Clock', status: state.problem ? (state.status ?? 400) : 200 },
      <>
        <DoneNotice c={c} messages={DONE} />
        <FormProblem message={state.problem} />
        {clock.kind === 'server' ? <ServerClock c={c} state={clock} /> : null}
        {clock.kind === 'own' ? <OwnClock c={c} state={clock} to={state.to} errors={state.errors} /> : null}
        {clock.kind === 'shared' ? (
          <p>
            This account is on a test clock shared by {clock.accounts} accounts. Now:{' '}
            <strong id="clock-now">
              <Time at={clock.now} />
            </strong>
            . A shared test clock moves only through the admin API (
            <code>POST /admin/v1/clocks/{'{clock_id}'}</code>).
          </p>
        ) : null}
      </>,
    );
  };

  /** Runs a change; a refusal in the domain's words is shown on the page, which stays as it was. */
  const attempt = async (c: Page, change: () => unknown, done: keyof typeof DONE, to?: string) => {
    try {
      await change();
    } catch (error) {
      if (!isApiError(error) || error.status === 403) throw error;
      const status = error.status === 409 ? 409 : 400;
      if (to === undefined) return show(c, { problem: error.message, status });
      return show(c, { to, errors: { to: error.message }, problem: 'The clock did not move.', status });
    }
    refreshSession(services.repos, services.clocks, signedIn(c).session);
    return c.redirect(`/dashboard/clock?done=${done}`, 303);
  };

  page.get('/clock', (c) => show(c));

  page.post('/clock/start', (c) =>
    attempt(c, () => startOwnTestClock(services, signedIn(c).account.id), 'started'),
  );

  page.post('/clock/back', (c) =>
    attempt(c, () => returnToServerClock(services, signedIn(c).account.id), 'back'),
  );

  page.post('/clock/advance', async (c) => {
    const accountId = signedIn(c).account.id;
    const body = formStrings(await c.req.parseBody());
    const step = STEPS.find((s) => s.value === body.seconds);
    if (!step) return show(c, { problem: 'Choose one of the buttons. The clock did not move.' });
    const target = () =>
      new Date(accountClockState(services, accountId).now.getTime() + Number(step.value) * 1000);
    return attempt(c, () => moveOwnTestClock(services, accountId, target()), 'moved');
  });

  page.post('/clock/to', async (c) => {
    const accountId = signedIn(c).account.id;
    const body = formStrings(await c.req.parseBody());
    const to = body.to ?? '';
    const zone = isTimeZone(body.time_zone) ? body.time_zone : c.var.timeZone;
    const target = parseLocalInput(to, zone);
    if (!target) {
      return show(c, {
        to,
        errors: { to: 'Enter a real date and time, e.g. 2026-03-02T10:00.' },
        problem: 'The clock did not move.',
      });
    }
    return attempt(c, () => moveOwnTestClock(services, accountId, target), 'moved', to);
  });

  return page;
}
