import { type ConnectorScope, isPaidPlan, POST_SCOPE, READ_SCOPE } from '@socialpub/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { requestBase } from '../../http/host-check.js';
import {
  type AuthorizationCheck,
  type AuthorizationRequest,
  authorizationResponseUrl,
  checkAuthorizationRequest,
  errorRedirectUrl,
} from '../../oauth/authorization-request.js';
import { OAuthClients } from '../../oauth/clients.js';
import { ConnectorNeedsPaidPlanError, consentToApp } from '../../oauth/grants.js';
import { OAUTH_PATHS, oauthUrls } from '../../oauth/oauth-urls.js';
import type { Services } from '../../services.js';
import {
  CsrfField,
  clientAddress,
  type DashboardEnv,
  renderErrorPage,
  renderPage,
  requireSignIn,
  signedIn,
} from '../session/index.js';

/** The two choices of the consent page and the scopes each grants (post includes read). */
const PERMISSIONS: Record<string, ConnectorScope[]> = {
  read: [READ_SCOPE],
  post: [READ_SCOPE, POST_SCOPE],
};

function PermissionChoice(props: { value: string; label: string; hint: string; checked: boolean }) {
  const id = `permission-${props.value}`;
  return (
    <div class="field checkbox">
      <input id={id} type="radio" name="permission" value={props.value} checked={props.checked} required />
      <label for={id}>{props.label}</label>
      <p class="hint">{props.hint}</p>
    </div>
  );
}

/**
 * Whoever runs an app names it: nothing here is checked by socialpub. An app known by a metadata
 * document is shown with the host that document came from, the one thing about it that is proven.
 */
function UnverifiedAppNotice(props: { client: AuthorizationRequest['client'] }) {
  const documentHost = props.client.kind === 'metadata_document' ? new URL(props.client.clientId).host : null;
  return (
    <div class="notice warn" role="note">
      <strong>socialpub has not verified this app.</strong>{' '}
      {documentHost ? (
        <>
          It describes itself in a document at <strong>{documentHost}</strong>; allow it only if you trust{' '}
          {documentHost}.
        </>
      ) : (
        <>
          It registered itself with this server; its name is its own claim. Allow it only if you started this.
        </>
      )}
    </div>
  );
}

function ConsentForm(props: {
  request: AuthorizationRequest;
  csrfToken: string;
  paid: boolean;
  /** The permission the app holds now on this account, when it is already connected. */
  current: readonly string[] | null;
}) {
  const { request } = props;
  const appName = OAuthClients.displayName(request.client);
  const returnHost = new URL(request.redirectUri).host;
  const asksToPost = request.requestedScopes.includes(POST_SCOPE);
  const steppingUp = asksToPost && props.current !== null && !props.current.includes(POST_SCOPE);
  return (
    <div class="card">
      <p>
        <strong>{appName}</strong> wants to use your socialpub account through the AI-app connector. After you
        answer, you will be sent back to <strong>{returnHost}</strong>.
      </p>
      <UnverifiedAppNotice client={request.client} />
      {steppingUp ? (
        <p class="notice" role="status">
          {appName} can read your account now and asks to post as well: it tried a change that read-only
          access does not allow. Choose Read and post to let it, or keep Read-only.
        </p>
      ) : asksToPost ? (
        <p>{appName} asks to read and post.</p>
      ) : (
        <p>{appName} asks to read only.</p>
      )}
      {props.paid ? null : (
        <div class="notice error" role="alert">
          <strong>The AI-app connector needs a paid plan.</strong> This account is on the Free plan, so{' '}
          {appName} cannot be connected. Upgrade the plan (Plan page), or use the REST API with an API key.
        </div>
      )}
      <form method="post" action={OAUTH_PATHS.consent}>
        <CsrfField token={props.csrfToken} />
        {Object.entries(request.params).map(([name, value]) => (
          <input type="hidden" name={name} value={value} />
        ))}
        {props.paid ? (
          <fieldset>
            <legend>What may {appName} do?</legend>
            <PermissionChoice
              value="read"
              label="Read-only"
              hint="See your profiles, posts, usage, media library and posting options, and check posts without sending them."
              checked={!request.requestedScopes.includes(POST_SCOPE)}
            />
            <PermissionChoice
              value="post"
              label="Read and post"
              hint="Also import media, publish, schedule, change, retry and cancel posts on your profiles."
              checked={request.requestedScopes.includes(POST_SCOPE)}
            />
          </fieldset>
        ) : null}
        {props.paid ? (
          <button type="submit" name="decision" value="allow">
            Allow
          </button>
        ) : null}{' '}
        <button type="submit" name="decision" value="cancel" class="secondary">
          Cancel
        </button>
      </form>
    </div>
  );
}

/** Answers a check that did not pass: a page when the app cannot be trusted, else back to the app. */
function refuse(
  c: Context<DashboardEnv>,
  check: Exclude<AuthorizationCheck, { kind: 'ok' }>,
  issuer: string,
) {
  if (check.kind === 'page') {
    return renderErrorPage(c, 400, "The app's sign-in request cannot be answered", check.error.description);
  }
  return c.redirect(errorRedirectUrl(check, issuer), 303);
}

/**
 * GET/POST /dashboard/consent: where the authorization endpoint sends the person (signed in first
 * through `requireSignIn`, whose `next` comes back here with the same request). Every visit checks
 * the request again, so a form edited in the browser cannot widen what the app registered. The
 * CSRF check of the dashboard runs before the POST handler: a forged consent never reaches it.
 */
export function consentPage(services: Services): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();
  page.use('/consent', requireSignIn());

  page.get('/consent', async (c) => {
    const urls = oauthUrls(requestBase(c, services));
    const check = await checkAuthorizationRequest(
      (name) => c.req.queries(name) ?? [],
      services.oauthClients,
      urls,
      services.ownNames,
      clientAddress(c),
    );
    if (check.kind !== 'ok') return refuse(c, check, urls.issuer);
    const { account } = signedIn(c);
    const paid = isPaidPlan(account.plan);
    const current = services.repos.oauthGrants.activeFor(account.id, check.request.client.clientId);
    return renderPage(
      c,
      { title: `Connect ${OAuthClients.displayName(check.request.client)}`, status: paid ? 200 : 403 },
      <ConsentForm
        request={check.request}
        csrfToken={c.var.csrfToken}
        paid={paid}
        current={current?.scopes ?? null}
      />,
    );
  });

  page.post('/consent', async (c) => {
    const urls = oauthUrls(requestBase(c, services));
    const form = await c.req.parseBody({ all: true });
    const values = (name: string): string[] => {
      const value = form[name];
      const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
      return list.filter((item): item is string => typeof item === 'string');
    };
    const check = await checkAuthorizationRequest(
      values,
      services.oauthClients,
      urls,
      services.ownNames,
      clientAddress(c),
    );
    if (check.kind !== 'ok') return refuse(c, check, urls.issuer);
    const { request } = check;
    const [decision] = values('decision');
    if (decision === 'cancel') {
      // A Free account can only leave: the app is told why, so it does not ask the person again.
      const description = isPaidPlan(signedIn(c).account.plan)
        ? 'The account holder did not allow the app to connect.'
        : 'This account is on the Free plan; the AI-app connector needs a paid plan (Beginner or higher), so the app was not connected.';
      const url = authorizationResponseUrl(
        request.redirectUri,
        { error: 'access_denied', error_description: description },
        request.state,
        urls.issuer,
      );
      return c.redirect(url, 303);
    }
    const scopes = PERMISSIONS[values('permission')[0] ?? ''];
    if (decision !== 'allow' || !scopes) {
      return renderErrorPage(
        c,
        400,
        'Choose a permission',
        'Choose Read-only or Read and post, then press Allow (or Cancel). Nothing was connected.',
      );
    }
    try {
      const { code } = consentToApp(services, signedIn(c).account.id, request, scopes);
      return c.redirect(
        authorizationResponseUrl(request.redirectUri, { code }, request.state, urls.issuer),
        303,
      );
    } catch (error) {
      if (error instanceof ConnectorNeedsPaidPlanError) {
        return renderErrorPage(c, 403, 'The AI-app connector needs a paid plan', error.message);
      }
      throw error;
    }
  });
  return page;
}
