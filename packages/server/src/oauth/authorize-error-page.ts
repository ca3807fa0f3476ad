import type { Context } from 'hono';
import { html } from 'hono/html';
import type { OAuthError } from './oauth-error.js';

/**
 * The page shown instead of a redirect when the app or its redirect URI cannot be trusted
 * (unknown client, unregistered redirect URI): the person reads what went wrong and nothing is
 * sent anywhere. hono/html escapes every value.
 */
export function authorizeErrorPage(c: Context, error: OAuthError): Response | Promise<Response> {
  c.header('Cache-Control', 'no-store');
  c.header('X-Frame-Options', 'DENY');
  c.header('Referrer-Policy', 'no-referrer');
  return c.html(
    html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>The app's sign-in request cannot be answered · socialpub</title>
    <link rel="stylesheet" href="/dashboard/assets/dashboard.css" />
  </head>
  <body>
    <main id="main">
      <h1>The app's sign-in request cannot be answered</h1>
      <p role="alert">${error.description}</p>
      <p>Error code: <code>${error.code}</code>. Nothing was connected and you were not sent back to the app.
      Ask the app's maker to register the exact address it sends you back to, then start again from the app.</p>
      <p><a href="/dashboard">Go to the dashboard</a></p>
    </main>
  </body>
</html>`,
    error.status === 401 ? 400 : (error.status as 400),
  );
}
