import { AccountCreateSchema, isApiError, PLANS, type Plan } from '@socialpub/core';
import { Hono } from 'hono';
import { createAccount } from '../../domain/accounts.js';
import type { Services } from '../../services.js';
import {
  CheckboxField,
  type FieldErrors,
  FormProblem,
  fieldErrors,
  formStrings,
  SelectField,
  TextField,
} from '../components/form-fields.js';
import {
  CsrfField,
  clientAddress,
  type DashboardEnv,
  renderPage,
  SIGN_UPS_PER_ADDRESS,
  type SignUpThrottle,
  safeNext,
  signInAs,
  withNext,
} from '../session/index.js';

/** The admin API's account schema (core's PlanSchema inside): the same rules as POST /admin/v1/accounts. */
const SignUpSchema = AccountCreateSchema.pick({
  email: true,
  password: true,
  plan: true,
  x_addon: true,
}).required({
  email: true,
  password: true,
  plan: true,
});

export const PLAN_OPTIONS = PLANS.map((plan) => ({
  value: plan,
  label: plan[0]?.toUpperCase() + plan.slice(1),
}));

interface SignUpForm {
  email: string;
  next: string;
  plan: string;
  xAddon: boolean;
  errors: FieldErrors;
  problem?: string | undefined;
}

function SignUpBody(props: SignUpForm & { csrfToken: string }) {
  return (
    <div class="card">
      <p>The sandbox lets anyone choose any plan and the X add-on; change them later on the Plan page.</p>
      <FormProblem message={props.problem} />
      <form method="post" action="/dashboard/sign-up" novalidate>
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
          autocomplete="new-password"
          required
          hint="At least 8 characters."
          error={props.errors.password}
        />
        <SelectField
          name="plan"
          label="Plan"
          options={PLAN_OPTIONS}
          value={props.plan}
          error={props.errors.plan}
        />
        <CheckboxField name="x_addon" label="X add-on" checked={props.xAddon} error={props.errors.x_addon} />
        <button type="submit">Create account</button>
      </form>
      <p>
        Already have an account? <a href={withNext('/dashboard/sign-in', props.next)}>Sign in</a>
      </p>
    </div>
  );
}

/** GET/POST /dashboard/sign-up: creates the account with the admin API's domain function, then signs in. */
export function signUpPage(services: Services, throttle: SignUpThrottle): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();

  page.get('/sign-up', (c) => {
    const next = safeNext(c.req.query('next'));
    if (c.var.signedIn) return c.redirect(next, 303);
    return renderPage(
      c,
      { title: 'Sign up' },
      <SignUpBody
        email=""
        next={next}
        plan="skilled"
        xAddon={false}
        errors={{}}
        csrfToken={c.var.csrfToken}
      />,
    );
  });

  page.post('/sign-up', async (c) => {
    const body = formStrings(await c.req.parseBody());
    const typed = {
      email: (body.email ?? '').trim(),
      next: safeNext(body.next),
      plan: body.plan ?? '',
      xAddon: body.x_addon === 'on',
    };
    const show = (errors: FieldErrors, problem: string, status: 400 | 409 | 429 = 400) =>
      renderPage(
        c,
        { title: 'Sign up', status },
        <SignUpBody {...typed} errors={errors} problem={problem} csrfToken={c.var.csrfToken} />,
      );
    const parsed = SignUpSchema.safeParse({
      email: typed.email,
      password: body.password ?? '',
      plan: typed.plan,
      x_addon: typed.xAddon,
    });
    if (!parsed.success) return show(fieldErrors(parsed.error), 'Correct the fields marked below.');
    const address = clientAddress(c);
    const refusedUntil = throttle.admit(address);
    if (refusedUntil) {
      return show(
        {},
        `Too many accounts were created from your address (at most ${SIGN_UPS_PER_ADDRESS} an hour). Try again after ${refusedUntil.toISOString().slice(11, 16)} UTC, or sign in to an account you made.`,
        429,
      );
    }
    let created = false;
    try {
      const account = await createAccount(services.repos, services.clocks, services.passwords, {
        ...parsed.data,
        plan: parsed.data.plan as Plan,
      });
      created = true;
      signInAs(c, services, account.id);
      // Back to where the person was going (an app's consent page), as a sign-in does.
      return c.redirect(typed.next, 303);
    } catch (error) {
      if (isApiError(error) && error.code === 'conflict') {
        return show({ email: error.message }, 'Choose another e-mail address or sign in.', 409);
      }
      throw error;
    } finally {
      throttle.settle(address, created);
    }
  });

  return page;
}
