import type { TestApp } from '../helpers/test-app.js';

/**
 * A browser stand-in over `app.request`: keeps cookies, reads the CSRF token from the last page
 * and posts forms as a browser would (urlencoded, no redirects followed).
 */
export class DashboardBrowser {
  readonly cookies = new Map<string, string>();
  lastPage = '';

  constructor(
    readonly t: TestApp,
    readonly address = '198.51.100.7',
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

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

  async request(method: string, path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', this.cookieHeader());
    if (!headers.has('accept')) headers.set('accept', 'text/html');
    const response = await this.t.app.request(
      path,
      { ...init, method, headers, redirect: 'manual' },
      { incoming: { socket: { remoteAddress: this.address } } },
    );
    this.remember(response);
    if ((response.headers.get('content-type') ?? '').startsWith('text/html')) {
      this.lastPage = await response.clone().text();
    }
    return response;
  }

  get(path: string): Promise<Response> {
    return this.request('GET', path);
  }

  /** The `_csrf` value of the last page shown. */
  csrf(): string {
    const match = /name="_csrf" value="([^"]+)"/.exec(this.lastPage);
    if (!match?.[1]) throw new Error('The last page has no CSRF field.');
    return match[1];
  }

  /** Posts a form with the CSRF token of the last page (unless `_csrf` is given). */
  post(path: string, fields: Record<string, string>, withCsrf = true): Promise<Response> {
    const form = new URLSearchParams(withCsrf ? { _csrf: this.csrf(), ...fields } : fields);
    return this.request('POST', path, {
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  async signUp(email: string, password = 'long-enough-password', plan = 'skilled'): Promise<Response> {
    await this.get('/dashboard/sign-up');
    return this.followed(await this.post('/dashboard/sign-up', { email, password, plan }));
  }

  async signIn(email: string, password: string, next?: string): Promise<Response> {
    await this.get(`/dashboard/sign-in${next ? `?next=${encodeURIComponent(next)}` : ''}`);
    return this.followed(
      await this.post('/dashboard/sign-in', { email, password, ...(next ? { next } : {}) }),
    );
  }

  /** Loads the page a 303 leads to (as a browser would), answering the 303 itself. */
  private async followed(answer: Response): Promise<Response> {
    const location = answer.headers.get('location');
    if (answer.status === 303 && location?.startsWith('/')) await this.get(location);
    return answer;
  }
}
