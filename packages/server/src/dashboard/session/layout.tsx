import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { TimeZoneContext } from '../components/time.js';
import { wallTime } from '../time-zone.js';
import { CsrfField } from './csrf-field.js';
import type { DashboardEnv, SignedIn } from './dashboard-env.js';

/** The pages of the signed-in navigation, in order. Connected apps belongs to the connector (oauth/). */
const NAV_LINKS: ReadonlyArray<{ href: string; label: string }> = [
  { href: '/dashboard', label: 'Overview' },
  { href: '/dashboard/api-keys', label: 'API management' },
  { href: '/dashboard/profiles', label: 'Profiles' },
  { href: '/dashboard/compose', label: 'New post' },
  { href: '/dashboard/scheduled', label: 'Scheduled' },
  { href: '/dashboard/history', label: 'History' },
  { href: '/dashboard/analytics', label: 'Analytics' },
  { href: '/dashboard/inbox', label: 'Network inbox' },
  { href: '/dashboard/media', label: 'Media library' },
  { href: '/dashboard/connected-apps', label: 'Connected apps' },
  { href: '/dashboard/plan', label: 'Plan' },
  { href: '/dashboard/clock', label: 'Clock' },
  { href: '/dashboard/settings', label: 'Settings' },
];

export interface LayoutProps {
  title: string;
  signedIn: SignedIn | null;
  csrfToken: string;
  timeZone: string;
  /** Now, on the signed-in account's clock (the zone line shows its offset today). */
  now: Date;
  /** Path of the page, to mark its nav link with aria-current. */
  currentPath: string;
  /** Scripts of this page beyond the dashboard's one (our own origin only). */
  scripts?: readonly string[] | undefined;
  children?: Child;
}

/** Every dashboard page: skip link, header with the navigation and Sign out, one `<main>` with an h1. */
function Layout(props: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · socialpub dashboard`}</title>
        <link rel="icon" href="/dashboard/assets/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/dashboard/assets/dashboard.css" />
        <script src="/dashboard/assets/dashboard.js" defer />
        {(props.scripts ?? []).map((src) => (
          <script src={src} defer />
        ))}
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header class="top">
          <p class="brand">
            <a href="/dashboard">socialpub</a> <span class="muted">sandbox dashboard</span>
          </p>
          {props.signedIn ? (
            <nav aria-label="Dashboard">
              <ul>
                {NAV_LINKS.map((link) => (
                  <li>
                    <a
                      href={link.href}
                      aria-current={isCurrent(link.href, props.currentPath) ? 'page' : undefined}
                    >
                      {link.label}
                    </a>
                  </li>
                ))}
                <li>
                  <form method="post" action="/dashboard/sign-out" class="inline">
                    <CsrfField token={props.csrfToken} />
                    <button type="submit" class="link-button">
                      Sign out
                    </button>
                  </form>
                </li>
              </ul>
              <p class="who muted">
                Signed in as {props.signedIn.account.email ?? 'an account without e-mail'}
              </p>
            </nav>
          ) : null}
          {props.signedIn ? (
            <p class="who muted" id="time-zone-line">
              {props.timeZone === 'UTC'
                ? 'Times in UTC'
                : `Times in ${props.timeZone} (${wallTime(props.now, props.timeZone).offset}); point at one for UTC`}{' '}
              · <a href="/dashboard/settings">change</a>
            </p>
          ) : null}
        </header>
        <main id="main">
          <h1>{props.title}</h1>
          <TimeZoneContext.Provider value={props.timeZone}>{props.children}</TimeZoneContext.Provider>
        </main>
      </body>
    </html>
  );
}

function isCurrent(href: string, current: string): boolean {
  if (href === '/dashboard') return current === '/dashboard' || current === '/dashboard/';
  return current === href || current.startsWith(`${href}/`);
}

export interface PageOptions {
  title: string;
  status?: ContentfulStatusCode;
  /** Scripts of this page beyond the dashboard's one, e.g. the composer's. */
  scripts?: readonly string[];
}

/** Renders a page inside the layout with this request's session, CSRF token and clock mode. */
export function renderPage(
  c: Context<DashboardEnv>,
  options: PageOptions,
  body: Child,
): Response | Promise<Response> {
  return c.html(
    <Layout
      title={options.title}
      signedIn={c.var.signedIn ?? null}
      csrfToken={c.var.csrfToken ?? ''}
      timeZone={c.var.timeZone ?? 'UTC'}
      now={c.var.pageNow ?? new Date(0)}
      currentPath={c.req.path}
      scripts={options.scripts}
    >
      {body}
    </Layout>,
    options.status ?? 200,
  );
}

/** A clear refusal page (403 forged form, 404 not found, 413 too large, ...): what happened, what to do. */
export function renderErrorPage(
  c: Context<DashboardEnv>,
  status: ContentfulStatusCode,
  title: string,
  message: string,
): Response | Promise<Response> {
  return renderPage(
    c,
    { title, status },
    <>
      <p role="alert">{message}</p>
      <p>
        <a href="/dashboard">Back to the Overview</a>
      </p>
    </>,
  );
}
