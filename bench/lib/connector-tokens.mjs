import { createHash, randomBytes } from 'node:crypto';

/** Where the bench's AI app says it listens; never called (the code is read from the redirect). */
const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/** A browser's cookie jar for one origin: the dashboard's CSRF and session cookies. */
function cookieJar() {
  const jar = new Map();
  return {
    keep(res) {
      for (const line of res.headers.getSetCookie()) {
        const pair = line.split(';', 1)[0];
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
    },
    header: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
  };
}

const unescapeHtml = (text) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The hidden inputs of a page's form (the CSRF token, the authorization request's parameters). */
function hiddenInputs(html) {
  const fields = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[unescapeHtml(name)] = unescapeHtml(value);
  }
  return fields;
}

/** Registers the bench's AI app once (dynamic client registration, as an MCP client does). */
export async function registerConnectorApp(baseUrl) {
  const res = await fetch(`${baseUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [REDIRECT_URI], client_name: 'bench AI app' }),
  });
  const body = await res.json();
  if (res.status !== 201 && res.status !== 200) throw new Error(`register answered ${res.status}`);
  return body.client_id;
}

/**
 * A connector access token from the real flow, as a person and an AI app get it: the person signs
 * in to the dashboard, the app's authorization request shows the consent page, the person allows
 * "Read and post", and the app exchanges the code (PKCE) at the token endpoint.
 */
export async function connectorToken(baseUrl, clientId, { email, password }) {
  const jar = cookieJar();
  const send = async (path, form) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: form === undefined ? 'GET' : 'POST',
      redirect: 'manual',
      headers: {
        accept: 'text/html',
        cookie: jar.header(),
        ...(form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(form === undefined ? {} : { body: new URLSearchParams(form).toString() }),
    });
    jar.keep(res);
    return res;
  };
  const signInPage = await send('/dashboard/sign-in');
  const signIn = await send('/dashboard/sign-in', {
    ...hiddenInputs(await signInPage.text()),
    email,
    password,
  });
  if (signIn.status !== 303) throw new Error(`sign-in answered ${signIn.status}`);

  const verifier = randomBytes(32).toString('base64url');
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    state: 'bench',
    scope: 'socialpub:read socialpub:post',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: `${baseUrl}/mcp`,
  });
  // The authorization endpoint hands the person to the consent page under /dashboard.
  const authorize = await send(`/oauth/authorize?${params}`);
  const consentAt = new URL(authorize.headers.get('location') ?? '/', baseUrl);
  if (authorize.status !== 302 || consentAt.origin !== baseUrl) {
    throw new Error(`authorize answered ${authorize.status}`);
  }
  const consentPage = await send(`${consentAt.pathname}${consentAt.search}`);
  if (consentPage.status !== 200) throw new Error(`the consent page answered ${consentPage.status}`);
  const consent = await send('/dashboard/consent', {
    ...hiddenInputs(await consentPage.text()),
    permission: 'post',
    decision: 'allow',
  });
  const location = consent.headers.get('location') ?? '';
  const code = new URL(location, baseUrl).searchParams.get('code');
  if (consent.status !== 303 || code === null) throw new Error(`consent answered ${consent.status}`);

  const token = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
      resource: `${baseUrl}/mcp`,
    }).toString(),
  });
  const tokens = await token.json();
  if (token.status !== 200) throw new Error(`token answered ${token.status}: ${JSON.stringify(tokens)}`);
  return tokens.access_token;
}
