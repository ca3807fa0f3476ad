import type { Hono } from 'hono';
import { clientAddress } from '../http/client-address.js';
import type { AppEnv } from '../http/context.js';
import { requestBase } from '../http/host-check.js';
import type { Services } from '../services.js';
import { checkAuthorizationRequest, errorRedirectUrl } from './authorization-request.js';
import { authorizeErrorPage } from './authorize-error-page.js';
import type { OAuthClients } from './clients.js';
import { OAUTH_PATHS, oauthUrls } from './oauth-urls.js';

/**
 * The authorization endpoint (code flow only). It checks the request, then hands the person to
 * the consent page under /dashboard with the same parameters; that page asks them to sign in
 * first when there is no session (`next` brings them back). Problems with the app or its redirect
 * URI are shown on a page; every other problem goes back to the app's redirect URI with `state`
 * and `iss` (RFC 6749 4.1.2.1, RFC 9207).
 */
export function mountAuthorize(app: Hono<AppEnv>, services: Services, clients: OAuthClients): void {
  app.get(OAUTH_PATHS.authorize, async (c) => {
    const urls = oauthUrls(requestBase(c, services));
    const check = await checkAuthorizationRequest(
      (name) => c.req.queries(name) ?? [],
      clients,
      urls,
      services.ownNames,
      clientAddress(c),
    );
    if (check.kind === 'page') return authorizeErrorPage(c, check.error);
    if (check.kind === 'redirect') return c.redirect(errorRedirectUrl(check, urls.issuer), 302);
    const query = new URLSearchParams(check.request.params).toString();
    return c.redirect(`${OAUTH_PATHS.consent}?${query}`, 302);
  });
}
