#!/usr/bin/env node
// The BROWSER an mcp-remote child opens its sign-in address with (xdg-open runs `$BROWSER url`):
// headless Debian Chromium through playwright-core, signing in and answering the consent page as
// a person would. Each run appends what it saw to $SOCIALPUB_BROWSER_LOG (one JSON line) and takes
// its permission from $SOCIALPUB_BROWSER_CHOICES (comma-separated, one per run: read, post, or
// preselected to press Allow on what the page chose). With $SOCIALPUB_BROWSER_SIGN_UP=1 a person
// with no account follows the sign-in page's Sign up link and creates one with the e-mail and
// password given, instead of signing in.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const url = process.argv[2];
const log = process.env.SOCIALPUB_BROWSER_LOG;
const choices = (process.env.SOCIALPUB_BROWSER_CHOICES ?? 'preselected').split(',');
const run = log && existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0;
const choice = choices[Math.min(run, choices.length - 1)];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // A server behind a proxy with a certificate from a test CA: trust that certificate's key only.
    ...(process.env.SOCIALPUB_BROWSER_SPKI
      ? [`--ignore-certificate-errors-spki-list=${process.env.SOCIALPUB_BROWSER_SPKI}`]
      : []),
  ],
});
const seen = {
  url,
  choice,
  signedIn: false,
  signedUp: false,
  preselected: null,
  notice: null,
  landed: null,
  error: null,
};
try {
  const page = await browser.newPage();
  await page.goto(url);
  const signIn = page.getByRole('heading', { level: 1, name: 'Sign in' });
  const consent = page.getByRole('heading', { level: 1, name: /^Connect / });
  await signIn.or(consent).waitFor({ timeout: 60_000 });
  if ((await signIn.isVisible()) && process.env.SOCIALPUB_BROWSER_SIGN_UP === '1') {
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign up' }).waitFor({ timeout: 60_000 });
    await page.getByLabel('Email').fill(process.env.SOCIALPUB_BROWSER_EMAIL ?? '');
    await page.getByLabel('Password').fill(process.env.SOCIALPUB_BROWSER_PASSWORD ?? '');
    await page.getByRole('button', { name: 'Create account' }).click();
    seen.signedUp = true;
  } else if (await signIn.isVisible()) {
    await page.getByLabel('Email').fill(process.env.SOCIALPUB_BROWSER_EMAIL ?? '');
    await page.getByLabel('Password').fill(process.env.SOCIALPUB_BROWSER_PASSWORD ?? '');
    await page.getByRole('button', { name: 'Sign in' }).click();
    seen.signedIn = true;
  }
  await consent.waitFor({ timeout: 60_000 });
  seen.preselected = (await page.getByLabel('Read and post').isChecked()) ? 'post' : 'read';
  const notice = page.getByRole('status');
  seen.notice = (await notice.count()) > 0 ? ((await notice.first().textContent())?.trim() ?? null) : null;
  if (choice === 'read') await page.getByLabel('Read-only').check();
  if (choice === 'post') await page.getByLabel('Read and post').check();
  // The app's loopback callback answers the redirect; waiting for it means the code was handed over.
  const callback = page.waitForURL((address) => address.pathname.endsWith('/oauth/callback'), {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Allow' }).click();
  await callback;
  seen.landed = new URL(page.url()).origin;
} catch (error) {
  seen.error = String(error);
} finally {
  if (log) appendFileSync(log, `${JSON.stringify(seen)}\n`);
  await browser.close();
}
