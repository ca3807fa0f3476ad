import type { Page } from 'playwright-core';
import type { TestServer } from './test-server.js';

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** A request to the public API with an API key, as a user's code would send it. */
export async function callApi(
  server: TestServer,
  apiKey: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${apiKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

/** Signs up through the Sign up page and waits for the Overview. */
export async function signUpInBrowser(
  page: Page,
  email: string,
  options: { plan?: string; xAddon?: boolean } = {},
): Promise<void> {
  await page.goto('/dashboard/sign-up');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('long-enough-password');
  await page.getByLabel('Plan').selectOption(options.plan ?? 'skilled');
  if (options.xAddon) await page.getByLabel('X add-on').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
}

/** Creates a profile on the Profiles page and connects `platforms` with a simulated sign-in. */
export async function profileWithNetworks(page: Page, name: string, platforms: string[]): Promise<void> {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Profiles' }).click();
  await page.getByLabel('Profile name').fill(name);
  await page.getByRole('button', { name: 'Create profile' }).click();
  await page.getByText('The profile was created.').waitFor();
  for (const platform of platforms) {
    await page.goto('/dashboard/profiles');
    const card = page.getByRole('region', { name: new RegExp(`^${name}`) });
    await card.getByText(`Connect a network to ${name}`).click();
    await card.getByLabel('Network', { exact: true }).selectOption(platform);
    await card.getByLabel('Username on the network').fill(`${platform}user`);
    await card.getByRole('button', { name: 'Connect' }).click();
    await page.getByText(`${platform} is connected to ${name}.`).waitFor();
  }
}

/** Creates an API key on API management and returns the key shown once. */
export async function createKeyInBrowser(page: Page, name: string): Promise<string> {
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'API management' })
    .click();
  await page.getByLabel('Key name').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('region', { name: `Your new key “${name}”` });
  await shown.waitFor();
  return (await shown.locator('code').innerText()).trim();
}

/** The first profile's id, as GET /api/v2/accounts lists it. */
export async function firstProfileId(server: TestServer, apiKey: string): Promise<string> {
  const { body } = await callApi(server, apiKey, 'GET', '/api/v2/accounts');
  const [profile] = body['data'] as { profile_id: string }[];
  if (!profile) throw new Error('The account has no profile.');
  return profile.profile_id;
}
