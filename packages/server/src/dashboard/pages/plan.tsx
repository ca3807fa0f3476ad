import type { Plan } from '@socialpub/core';
import { AccountCreateSchema } from '@socialpub/core';
import { Hono } from 'hono';
import { patchAccount } from '../../domain/accounts.js';
import type { Services } from '../../services.js';
import { DoneNotice } from '../components/done-notice.js';
import {
  CheckboxField,
  type FieldErrors,
  FormProblem,
  fieldErrors,
  formStrings,
  SelectField,
} from '../components/form-fields.js';
import { PlanComparison } from '../components/plan-comparison.js';
import { CsrfField, type DashboardEnv, renderPage, requireSignIn, signedIn } from '../session/index.js';
import { PLAN_OPTIONS } from './sign-up.js';

/** The admin API's account schema: plan (core's PlanSchema) and X add-on change together. */
const PlanFormSchema = AccountCreateSchema.pick({ plan: true, x_addon: true }).required();

function PlanForm(props: {
  csrfToken: string;
  plan: string;
  xAddon: boolean;
  errors: FieldErrors;
  problem?: string;
}) {
  return (
    <form method="post" action="/dashboard/plan" novalidate class="card">
      <FormProblem message={props.problem} />
      <CsrfField token={props.csrfToken} />
      <SelectField
        name="plan"
        label="Plan"
        options={PLAN_OPTIONS}
        value={props.plan}
        error={props.errors.plan}
      />
      <CheckboxField
        name="x_addon"
        label="X add-on"
        checked={props.xAddon}
        error={props.errors.x_addon}
        hint="Posts to X need it on every plan."
      />
      <button type="submit">Save plan</button>
    </form>
  );
}

/**
 * GET/POST /dashboard/plan: the page every `upgrade_url` points to (publishing-urls.ts). In the
 * sandbox anyone may pick any plan; the change applies to the next request at once.
 */
export function planPage(services: Services): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();
  page.use('/plan', requireSignIn());

  page.get('/plan', (c) => {
    const { account } = signedIn(c);
    return renderPage(
      c,
      { title: 'Plan' },
      <>
        <DoneNotice
          c={c}
          messages={{
            saved: `Your plan is now ${account.plan}${account.xAddon ? ' with the X add-on' : ''}.`,
          }}
        />
        <p>
          Current plan: <strong>{account.plan}</strong>, X add-on:{' '}
          <strong>{account.xAddon ? 'yes' : 'no'}</strong>. This is a sandbox: choose any plan; nothing is
          billed.
        </p>
        <PlanForm csrfToken={c.var.csrfToken} plan={account.plan} xAddon={account.xAddon} errors={{}} />
        <PlanComparison
          current={account.plan}
          now={services.clocks.forAccount(account.id).now()}
          accountCreatedAt={new Date(account.createdAt)}
        />
      </>,
    );
  });

  page.post('/plan', async (c) => {
    const { account } = signedIn(c);
    const body = formStrings(await c.req.parseBody());
    const typed = { plan: body.plan ?? '', xAddon: body.x_addon === 'on' };
    const parsed = PlanFormSchema.safeParse({ plan: typed.plan, x_addon: typed.xAddon });
    if (!parsed.success) {
      return renderPage(
        c,
        { title: 'Plan', status: 400 },
        <PlanForm
          csrfToken={c.var.csrfToken}
          {...typed}
          errors={fieldErrors(parsed.error)}
          problem="Choose one of the plans listed."
        />,
      );
    }
    await patchAccount(services.repos, services.passwords, account.id, {
      plan: parsed.data.plan as Plan,
      x_addon: parsed.data.x_addon,
    });
    return c.redirect('/dashboard/plan?done=saved', 303);
  });

  return page;
}
