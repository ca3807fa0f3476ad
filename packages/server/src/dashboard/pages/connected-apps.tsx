import { POST_SCOPE } from '@socialpub/core';
import { Hono } from 'hono';
import type { OAuthGrantRecord } from '../../db/oauth-grants-repo.js';
import { OAuthClients } from '../../oauth/clients.js';
import { disconnectApp } from '../../oauth/grants.js';
import { OAUTH_PATHS } from '../../oauth/oauth-urls.js';
import type { Services } from '../../services.js';
import { Time } from '../components/time.js';
import {
  CsrfField,
  type DashboardEnv,
  renderErrorPage,
  renderPage,
  requireSignIn,
  signedIn,
} from '../session/index.js';

const DISCONNECT_PATH = `${OAUTH_PATHS.connectedApps}/disconnect`;

function permissionLabel(grant: OAuthGrantRecord): string {
  return grant.scopes.includes(POST_SCOPE) ? 'Read and post' : 'Read-only';
}

/** One connected app as a card (readable at 360 px, unlike a wide table). */
function AppCard(props: { grant: OAuthGrantRecord; name: string; csrfToken: string }) {
  const { grant } = props;
  const headingId = `app-${grant.id}`;
  return (
    <section class="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.name}</h2>
      <dl class="figures">
        <dt>Permission</dt>
        <dd>{permissionLabel(grant)}</dd>
        <dt>Connected</dt>
        <dd>
          <Time at={grant.createdAt} />
        </dd>
        <dt>Last used</dt>
        <dd>{grant.lastUsedAt ? <Time at={grant.lastUsedAt} /> : 'Never'}</dd>
      </dl>
      <form method="post" action={DISCONNECT_PATH}>
        <CsrfField token={props.csrfToken} />
        <input type="hidden" name="grant_id" value={grant.id} />
        <p>
          <label>
            <input type="checkbox" name="cancel_posts" value="on" /> also cancel the posts it scheduled
          </label>
        </p>
        <button type="submit" class="danger">
          Disconnect
        </button>
      </form>
    </section>
  );
}

function disconnectedNotice(name: string, cancelled: number, notCancelled: number): string {
  const parts = [`${name} was disconnected; its access stopped at once.`];
  if (cancelled > 0)
    parts.push(`${cancelled} scheduled post${cancelled === 1 ? ' was' : 's were'} cancelled.`);
  if (notCancelled > 0) {
    parts.push(
      `${notCancelled} post${notCancelled === 1 ? ' was' : 's were'} already going out and could not be cancelled.`,
    );
  }
  return parts.join(' ');
}

/**
 * GET /dashboard/connected-apps lists the AI apps connected to the account (permission, when it
 * connected, last use) with a Disconnect button each; POST .../disconnect ends the grant and every
 * token at once and, when ticked, cancels the posts the app scheduled.
 */
export function connectedAppsPage(services: Services): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();
  page.use('/connected-apps', requireSignIn());
  page.use('/connected-apps/*', requireSignIn());
  const appName = (clientId: string) => OAuthClients.displayName(services.repos.oauthClients.get(clientId));

  page.get('/connected-apps', (c) => {
    const { account } = signedIn(c);
    const now = services.clocks.forAccount(account.id).now().toISOString();
    const grants = services.repos.oauthGrants.listConnected(account.id, now);
    const doneGrant = c.req.query('disconnected');
    const done = doneGrant ? services.repos.oauthGrants.get(doneGrant) : null;
    const notice =
      done && done.accountId === account.id
        ? disconnectedNotice(
            appName(done.clientId),
            Number(c.req.query('cancelled') ?? 0) || 0,
            Number(c.req.query('not_cancelled') ?? 0) || 0,
          )
        : null;
    return renderPage(
      c,
      { title: 'Connected apps' },
      <>
        {notice ? (
          <div class="notice ok" role="status">
            <strong>Done:</strong> {notice}
          </div>
        ) : null}
        <p>
          AI apps you signed in to through the AI-app connector. Disconnecting an app stops it at once; the
          posts it scheduled stay unless you also cancel them.
        </p>
        {grants.length === 0 ? (
          <p>No app is connected.</p>
        ) : (
          <div class="grid">
            {grants.map((grant) => (
              <AppCard grant={grant} name={appName(grant.clientId)} csrfToken={c.var.csrfToken} />
            ))}
          </div>
        )}
      </>,
    );
  });

  page.post('/connected-apps/disconnect', async (c) => {
    const { account } = signedIn(c);
    const form = await c.req.parseBody();
    const grantId = typeof form.grant_id === 'string' ? form.grant_id : '';
    const grant = grantId ? services.repos.oauthGrants.get(grantId) : null;
    if (!grant || grant.accountId !== account.id) {
      return renderErrorPage(
        c,
        404,
        'No such connected app',
        'This account has no connected app with that id. Nothing was changed; reload Connected apps.',
      );
    }
    const outcome = disconnectApp(services, account.id, grant.id, form.cancel_posts === 'on');
    const query = new URLSearchParams({
      disconnected: grant.id,
      cancelled: String(outcome.cancelled.length),
      not_cancelled: String(outcome.notCancelled.length),
    });
    return c.redirect(`${OAUTH_PATHS.connectedApps}?${query}`, 303);
  });
  return page;
}
