import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeServerAndBrowser,
  fitsWidth,
  newPage,
  openServerAndBrowser,
  screenshotBothWidths,
} from './helpers/browser.js';
import type { TestServer } from './helpers/test-server.js';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openServerAndBrowser());
}, 120_000);
afterAll(() => closeServerAndBrowser({ server, browser }));

describe('dashboard sign-up, sign-in and sign-out in Chromium', () => {
  it('leads a browser from / to sign-in, signs up, signs out and signs in again', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    await screenshotBothWidths(page, 'sign-in');
    expect(await fitsWidth(page)).toBe(true);

    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByLabel('Email').fill('browser@example.com');
    await page.getByLabel('Password').fill('short');
    await page.getByLabel('Plan').selectOption('apprentice');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Refused beside the field, typed values kept.
    await page.getByRole('heading', { level: 1, name: 'Sign up' }).waitFor();
    expect(await page.getByText('Use at least 8 characters.').isVisible()).toBe(true);
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Email').inputValue()).toBe('browser@example.com');
    expect(await page.getByLabel('Plan').inputValue()).toBe('apprentice');
    await page.getByLabel('Password').fill('long-enough-password');
    await page.getByLabel('X add-on').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect(await page.getByText('Signed in as browser@example.com').isVisible()).toBe(true);
    expect(
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link').allInnerTexts(),
    ).toEqual([
      'Overview',
      'API management',
      'Profiles',
      'New post',
      'Scheduled',
      'History',
      'Analytics',
      'Network inbox',
      'Media library',
      'Connected apps',
      'Plan',
      'Clock',
      'Settings',
    ]);
    await screenshotBothWidths(page, 'overview-new-account');
    expect(await fitsWidth(page)).toBe(true);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill('browser@example.com');
    await page.getByLabel('Password').fill('long-enough-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await context.close();
  });
});
