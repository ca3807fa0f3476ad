import { Hono } from 'hono';
import * as z from 'zod';
import type { Services } from '../../services.js';
import { type FieldErrors, FormProblem, formStrings, TextField } from '../components/form-fields.js';
import {
  CsrfField,
  clientAddress,
  type DashboardEnv,
  renderPage,
  type SignInThrottle,
  safeNext,
  signInAs,
  withNext,
} from '../session/index.js';

const SignInSchema = z.object({
  email: z.email('Enter the e-mail address of your account.').max(254),
  password: z.string().min(1, 'Enter your password.').max(200),
});

interface SignInForm {
  email: string;
  next: string;
  errors: FieldErrors;
  problem?: string | undefined;
  ended?: boolean;
}

function SignInBody(props: SignInForm & { csrfToken: string; signupOpen: boolean }) {
  return (
    <div class="card">
      {props.ended ? (
        <div class="notice warn" role="status">
          <strong>Your session ended.</strong> Sign in again to continue.
        </div>
      ) : null}
      <FormProblem message={props.problem} />
      <form method="post" action="/dashboard/sign-in" novalidate>
        <CsrfField token={props.csrfToken} />
        <input type="hidden" name="next" value={props.next} />
        <TextField
          name="email"
          label="Email"
          type="email"
          autocomplete="username"
          required
          value={props.email}
          error={props.errors.email}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autocomplete="current-password"
          required
          error={props.errors.password}
        />
        <button type="submit">Sign in</button>
      </form>
      {props.signupOpen ? (
        <p>
          No account yet? <a href={withNext('/dashboard/sign-up', props.next)}>Sign up</a> (any plan, it is a
          sandbox).
        </p>
      ) : (
        <p>No account yet? The operator of this server creates them; ask them for one.</p>
      )}
    </div>
  );
}

/**
 * GET/POST /dashboard/sign-in. Passwords are checked with the slow hash of domain/passwords.ts; an
 * unknown e-mail costs the same hash so timing does not tell which accounts exist. Failures are
 * throttled per client address and per (address, e-mail), and an e-mail tried from many addresses
 * is slowed down (session/sign-in-throttle.ts).
 */
export function signInPage(services: Services, throttle: SignInThrottle): Hono<DashboardEnv> {
  const { repos } = services;
  const page = new Hono<DashboardEnv>();
  // Made as the page is built, so the first unknown e-mail costs one hash, as every later one does.
  void services.passwords.prepareDecoy();

  page.get('/sign-in', (c) => {
    const next = safeNext(c.req.query('next'));
    if (c.var.signedIn) return c.redirect(next, 303);
    return renderPage(
      c,
      { title: 'Sign in' },
      <SignInBody
        email=""
        next={next}
        errors={{}}
        ended={c.req.query('ended') === '1'}
        csrfToken={c.var.csrfToken}
        signupOpen={services.signup === 'open'}
      />,
    );
  });

  page.post('/sign-in', async (c) => {
    const body = formStrings(await c.req.parseBody());
    const next = safeNext(body.next);
    const email = (body.email ?? '').trim();
    const show = (status: 400 | 401 | 429, form: Omit<SignInForm, 'email' | 'next'>) =>
      renderPage(
        c,
        { title: 'Sign in', status },
        <SignInBody
          email={email}
          next={next}
          csrfToken={c.var.csrfToken}
          signupOpen={services.signup === 'open'}
          {...form}
        />,
      );

    const parsed = SignInSchema.safeParse({ email, password: body.password ?? '' });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      services.events.signInRefused('invalid');
      return show(400, { errors, problem: 'Fill in both fields.' });
    }
    const address = clientAddress(c);
    const verdict = throttle.admit(parsed.data.email, address);
    if (!verdict.allowed) {
      services.events.signInRefused(verdict.reason ?? 'throttled');
      const when = verdict.retryAt?.toISOString().slice(11, 16) ?? 'later';
      const problem =
        verdict.reason === 'busy'
          ? 'Many sign-ins for this e-mail address are waiting to be checked. Try again in a minute.'
          : `Too many failed sign-ins ${verdict.reason === 'pair' ? 'for this e-mail address from your address' : 'from your address'}. Try again after ${when} UTC.`;
      return show(429, { errors: {}, problem });
    }
    // An e-mail tried from many addresses is checked slowly, one attempt at a time, never locked.
    const account = repos.accounts.findByEmail(parsed.data.email);
    let outcome: 'failed' | 'signed_in' | 'unknown' = 'unknown';
    try {
      const matches = await throttle.paced(parsed.data.email, async () =>
        services.passwords.verifyOrDecoy(parsed.data.password, account?.passwordHash),
      );
      outcome = account?.passwordHash && matches ? 'signed_in' : 'failed';
    } finally {
      throttle.settle(parsed.data.email, address, outcome);
    }
    if (outcome === 'failed' || !account) {
      services.events.signInRefused('wrong_password');
      return show(401, {
        errors: { password: 'The e-mail address or the password is not right.' },
        problem: 'The e-mail address or the password is not right.',
      });
    }
    signInAs(c, services, account.id);
    return c.redirect(next, 303);
  });

  return page;
}
