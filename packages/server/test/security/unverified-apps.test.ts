import { afterEach, describe, expect, it } from 'vitest';
import { FormBrowser } from '../../../../test/helpers/form-browser.js';
import { SourceFetchError, UnsafeAddressError } from '../../src/domain/media/safe-fetch.js';
import type { ClientMetadataFetcher } from '../../src/oauth/client-metadata-document.js';
import {
  authorizationUrl,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  type OAuthTestServer,
  pkcePair,
  REDIRECT_URI,
  register,
  startOAuthServer,
} from '../oauth/oauth-helpers.js';

const DOCUMENT_ID = 'https://apps.example.net/agent/client.json';
let server: OAuthTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function consentPageFor(s: OAuthTestServer, clientId: string): Promise<string> {
  const browser = new FormBrowser(s.url);
  await browser.follow(await browser.get(authorizationUrl(s, clientId, pkcePair().challenge)));
  const page = await browser.signIn(DEMO_EMAIL, DEMO_PASSWORD);
  expect(new URL(page.url).pathname).toBe('/dashboard/consent');
  return browser.lastPage;
}

describe('apps are not verified by socialpub, and the consent page says so', () => {
  it('names the host a metadata-document app came from', async () => {
    server = await startOAuthServer({
      clientMetadataFetcher: async () => ({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          client_id: DOCUMENT_ID,
          client_name: 'Official Socialpub',
          redirect_uris: [REDIRECT_URI],
        }),
      }),
    });
    const page = await consentPageFor(server, DOCUMENT_ID);
    expect(page).toContain('socialpub has not verified this app.');
    expect(page).toContain('a document at <strong>apps.example.net</strong>');
  });

  it('says a registered app named itself', async () => {
    server = await startOAuthServer();
    const clientId = (await register(server)).body.client_id as string;
    const page = await consentPageFor(server, clientId);
    expect(page).toContain('socialpub has not verified this app.');
    expect(page).toContain('its name is its own claim');
  });
});

describe('errors about a metadata document never reveal what a name resolved to', () => {
  it.each<[string, ClientMetadataFetcher]>([
    [
      'the address guard',
      async () => {
        throw new UnsafeAddressError(
          'The URL leads to 10.20.30.40, which is not a public address: private.',
          false,
        );
      },
    ],
    [
      'a refused connection',
      async () => {
        throw new SourceFetchError('The source could not be reached (connect ECONNREFUSED 10.20.30.40:443).');
      },
    ],
  ])('refused by %s', async (_name, fetcher) => {
    server = await startOAuthServer({ clientMetadataFetcher: fetcher });
    const response = await fetch(authorizationUrl(server, DOCUMENT_ID, pkcePair().challenge), {
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain(DOCUMENT_ID);
    expect(page).not.toContain('10.20.30.40');
  });

  it('with the real guard, for a name that resolves to loopback', async () => {
    server = await startOAuthServer();
    const clientId = 'https://localhost/client.json';
    const response = await fetch(authorizationUrl(server, clientId, pkcePair().challenge), {
      redirect: 'manual',
    });
    const page = await response.text();
    expect(response.status).toBe(400);
    expect(page).toContain('its host is not a public address');
    expect(page).not.toMatch(/127\.0\.0\.1|::1/);
  });
});
