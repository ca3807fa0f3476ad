import { POST_SCOPE } from '@socialpub/core';
import { Hono } from 'hono';
import { formatTime } from '../../dashboard/components/format.js';
import {
  CsrfField,
  type DashboardEnv,
  renderErrorPage,
  renderPage,
  requireSignIn,
  signedIn,
} from '../../dashboard/session/index.js';
import type { OAuthGrantRecord } from '../../db/oauth-grants-repo.js';
import type { Services } from '../../services.js';
import { OAuthClients } from '../clients.js';
import { disconnectApp } from '../grants.js';
import { OAUTH_PATHS } from '../oauth-urls.js';

const DISCONNECT_PATH = `${OAUTH_PATHS.connectedApps}/disconnect`;

function permissionLabel(grant: OAuthGrantRecord): string {
  return grant.scopes.includes(POST_SCOPE) ? 'Read and post' : 'Read-only';
}

function AppRow(props: { grant: OAuthGrantRecord; name: string; csrfToken: string }) {
  const { grant } = props;
  const checkboxId = `cancel-posts-${grant.id}`;
  return (
    <tr>
      <th scope="row">{props.name}</th>
      <td>{permissionLabel(grant)}</td>
      <td>{formatTime(grant.createdAt)}</td>
      <td>{grant.lastUsedAt ? formatTime(grant.lastUsedAt) : 'Never'}</td>
      <td>
        <form method="post" action={DISCONNECT_PATH} aria-label={`Disconnect ${props.name}`}>
          <CsrfField token={props.csrfToken} />
          <input type="hidden" name="grant_id" value={grant.id} />
          <div class="field checkbox">
            <input id={checkboxId} type="checkbox" name="cancel_posts" value="on" />
            <label for={checkboxId}>also cancel the posts it scheduled</label>
          </div>
          <button type="submit" class="danger">
            Disconnect
          </button>
        </form>
      </td>
    </tr>
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
    const grants = services.repos.oauthGrants.listActive(account.id);
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
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">App</th>
                  <th scope="col">Permission</th>
                  <th scope="col">Connected</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span class="visually-hidden">Disconnect</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {grants.map((grant) => (
                  <AppRow grant={grant} name={appName(grant.clientId)} csrfToken={c.var.csrfToken} />
                ))}
              </tbody>
            </table>
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
