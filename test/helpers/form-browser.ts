/**
 * A browser stand-in over real HTTP (fetch): keeps the server's cookies, reads the CSRF token of
 * the last page and posts forms as a browser would (urlencoded). Redirects inside the server are
 * followed by `follow`; a redirect to another origin (an app's redirect URI) is returned, not
 * fetched, so a test reads the code or error the app would receive.
 */
export class FormBrowser {
  readonly cookies = new Map<string, string>();
  lastPage = '';

  constructor(readonly baseUrl: string) {}

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: string, target: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(target, this.baseUrl);
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    if (!headers.has('accept')) headers.set('accept', 'text/html');
    const response = await fetch(url, { ...init, method, headers, redirect: 'manual' });
    this.remember(response);
    if ((response.headers.get('content-type') ?? '').startsWith('text/html')) {
      this.lastPage = await response.clone().text();
    }
    return response;
  }

  get(target: string): Promise<Response> {
    return this.request('GET', target);
  }

  /** The `_csrf` value of the last page shown. */
  csrf(): string {
    const match = /name="_csrf" value="([^"]+)"/.exec(this.lastPage);
    if (!match?.[1]) throw new Error('The last page has no CSRF field.');
    return match[1];
  }

  /** The hidden and checked fields of the last page's form posting to `action` (as a browser sends them). */
  formFields(action: string): Array<[string, string]> {
    const start = this.lastPage.indexOf(`action="${action}"`);
    if (start < 0) throw new Error(`The last page has no form posting to ${action}.`);
    const form = this.lastPage.slice(start, this.lastPage.indexOf('</form>', start));
    const fields: Array<[string, string]> = [];
    for (const match of form.matchAll(/<input([^>]*)>/g)) {
      const attrs = match[1] ?? '';
      const type = /type="([^"]+)"/.exec(attrs)?.[1];
      const name = /name="([^"]+)"/.exec(attrs)?.[1];
      const value = /value="([^"]*)"/.exec(attrs)?.[1] ?? '';
      if (!name) continue;
      if (type === 'hidden') fields.push([name, decodeEntities(value)]);
    }
    return fields;
  }

  /** Posts a form: `fields` (pairs keep repeats) plus the CSRF token of the last page unless `withCsrf` is false. */
  post(
    target: string,
    fields: Record<string, string> | Array<[string, string]>,
    withCsrf = true,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const pairs = Array.isArray(fields) ? [...fields] : Object.entries(fields);
    const form = new URLSearchParams(pairs);
    if (withCsrf && !form.has('_csrf')) form.set('_csrf', this.csrf());
    return this.request('POST', target, {
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
  }

  /** Follows redirects within the server; stops at a page or at a redirect to another origin. */
  async follow(response: Response): Promise<Response> {
    let current = response;
    for (let hop = 0; hop < 10; hop++) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return current;
      const next = new URL(location, this.baseUrl);
      if (next.origin !== new URL(this.baseUrl).origin) return current;
      current = await this.get(next.toString());
    }
    throw new Error('Too many redirects.');
  }

  /** Signs in on the sign-in page the server sent us to (keeps its `next`). */
  async signIn(email: string, password: string): Promise<Response> {
    const next = /name="next" value="([^"]*)"/.exec(this.lastPage)?.[1];
    if (!this.lastPage.includes('action="/dashboard/sign-in"')) await this.get('/dashboard/sign-in');
    return this.follow(
      await this.post('/dashboard/sign-in', {
        email,
        password,
        ...(next ? { next: decodeEntities(next) } : {}),
      }),
    );
  }
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The whole person's side of an authorization request: open it, sign in if asked, choose the
 * permission and press Allow (or Cancel). Answers the redirect to the app's redirect URI.
 */
export async function consentThroughForms(
  authorizationUrl: string,
  options: { email: string; password: string; permission: 'read' | 'post'; decision?: 'allow' | 'cancel' },
  browser = new FormBrowser(new URL(authorizationUrl).origin),
): Promise<URL> {
  let page = await browser.follow(await browser.get(authorizationUrl));
  if (browser.lastPage.includes('action="/dashboard/sign-in"')) {
    page = await browser.signIn(options.email, options.password);
  }
  if (page.status !== 200 || !browser.lastPage.includes('action="/dashboard/consent"')) {
    throw new Error(`Expected the consent page, got ${page.status}: ${browser.lastPage.slice(0, 500)}`);
  }
  const answer = await browser.post('/dashboard/consent', [
    ...browser.formFields('/dashboard/consent'),
    ['permission', options.permission],
    ['decision', options.decision ?? 'allow'],
  ]);
  const location = answer.headers.get('location');
  if (answer.status !== 303 || !location) {
    throw new Error(`Consent answered ${answer.status}: ${browser.lastPage.slice(0, 500)}`);
  }
  return new URL(location);
}
