import { apiError, KeyCreateSchema } from '@socialpub/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ApiKeyRecord } from '../../db/api-keys-repo.js';
import { issueApiKey, revokeApiKey } from '../../domain/api-keys.js';
import type { Services } from '../../services.js';
import { DoneNotice } from '../components/done-notice.js';
import {
  type FieldErrors,
  FormProblem,
  fieldErrors,
  formStrings,
  TextField,
} from '../components/form-fields.js';
import { Time } from '../components/time.js';
import { CsrfField, type DashboardEnv, renderPage, requireSignIn, signedIn } from '../session/index.js';
import { NewKeyOnce } from '../session/new-key-once.js';

/** The admin API's key schema, with the name required here (a key needs a name a person recognises). */
const KeyFormSchema = KeyCreateSchema.required();

const STAYS =
  'Scheduled posts made with this key stay scheduled and still go out; cancel them on the Scheduled page if you want them gone.';

function CreateKeyForm(props: { csrfToken: string; name: string; errors: FieldErrors; problem?: string }) {
  return (
    <section class="card" aria-labelledby="create-heading">
      <h2 id="create-heading">Create a key</h2>
      <FormProblem message={props.problem} />
      <form method="post" action="/dashboard/api-keys" novalidate>
        <CsrfField token={props.csrfToken} />
        <TextField
          name="name"
          label="Key name"
          hint="Say where it is used, e.g. “Staging CI”."
          value={props.name}
          error={props.errors.name}
        />
        <button type="submit">Create key</button>
      </form>
    </section>
  );
}

function KeyList(props: { keys: ApiKeyRecord[]; lastUsed: Map<string, string> }) {
  if (props.keys.length === 0) return <p>No keys yet.</p>;
  return (
    <section class="table-wrap" aria-label="API keys" tabindex={0}>
      <table class="stack">
        <caption class="muted">Your API keys (the key itself is never shown again)</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Starts with</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {props.keys.map((key) => (
            <tr>
              <td data-label="Name">{key.name}</td>
              <td data-label="Starts with">
                <code>{key.prefix}…</code>
              </td>
              <td data-label="Created">
                <Time at={key.createdAt} />
              </td>
              <td data-label="Last used">
                {props.lastUsed.has(key.id) ? <Time at={props.lastUsed.get(key.id)} /> : 'Never'}
              </td>
              <td data-label="State">
                {key.revokedAt ? (
                  <span class="badge bad">
                    Revoked <Time at={key.revokedAt} />
                  </span>
                ) : (
                  <a href={`/dashboard/api-keys/${key.id}/revoke`} aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </a>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** GET/POST /dashboard/api-keys, GET/POST /dashboard/api-keys/{key_id}/revoke ("API management"). */
export function apiKeysPage(services: Services): Hono<DashboardEnv> {
  const { repos } = services;
  const clockOf = (c: Context<DashboardEnv>) => services.clocks.forAccount(signedIn(c).account.id);
  const page = new Hono<DashboardEnv>();
  const newKeys = new NewKeyOnce();
  page.use('/api-keys', requireSignIn());
  page.use('/api-keys/*', requireSignIn());

  /** Another account's key reads as not found, as in the API. */
  const ownKey = (accountId: string, keyId: string): ApiKeyRecord => {
    const key = repos.apiKeys.get(keyId);
    if (!key || key.accountId !== accountId)
      throw apiError('not_found', 'No API key with this id on your account.');
    return key;
  };

  const listPage = (
    c: Parameters<typeof renderPage>[0],
    extra: {
      created?: { name: string; apiKey: string };
      name?: string;
      errors?: FieldErrors;
      problem?: string;
    },
    status: 200 | 400 = 200,
  ) => {
    const { account } = signedIn(c);
    const keys = repos.apiKeys.listForAccount(account.id);
    const lastUsed = repos.apiKeyLastUsed.forKeys(keys.map((key) => key.id));
    return renderPage(
      c,
      { title: 'API management', status },
      <>
        <DoneNotice c={c} messages={{ revoked: `The key was revoked. ${STAYS}` }} />
        {extra.created ? (
          <section class="notice warn" aria-labelledby="new-key-heading">
            <h2 id="new-key-heading">Your new key “{extra.created.name}”</h2>
            <p>
              <strong>Copy it now: it cannot be shown again.</strong> Only a fingerprint is kept; if you lose
              it, revoke it and create another.
            </p>
            <code class="secret" id="new-api-key">
              {extra.created.apiKey}
            </code>
            <p>
              <button type="button" class="secondary" data-copy-target="new-api-key" hidden>
                Copy key
              </button>
            </p>
          </section>
        ) : null}
        <CreateKeyForm
          csrfToken={c.var.csrfToken}
          name={extra.name ?? ''}
          errors={extra.errors ?? {}}
          problem={extra.problem}
        />
        <section aria-labelledby="keys-heading">
          <h2 id="keys-heading">Keys</h2>
          <KeyList keys={keys} lastUsed={lastUsed} />
        </section>
      </>,
    );
  };

  page.get('/api-keys', (c) => {
    const created = newKeys.take(signedIn(c).session.idHash);
    // The page that shows a key once is never kept by a cache or the back button.
    if (created) c.header('Cache-Control', 'no-store');
    return listPage(c, created ? { created } : {});
  });

  page.post('/api-keys', async (c) => {
    const { account } = signedIn(c);
    const body = formStrings(await c.req.parseBody());
    const parsed = KeyFormSchema.safeParse({ name: (body.name ?? '').trim() });
    if (!parsed.success) {
      return listPage(
        c,
        { name: body.name ?? '', errors: fieldErrors(parsed.error), problem: 'Give the key a name.' },
        400,
      );
    }
    const { record, apiKey } = issueApiKey(repos, clockOf(c), account.id, parsed.data.name);
    // Post/redirect/get: reloading the page that shows the key must not create a second one.
    newKeys.hold(signedIn(c).session.idHash, record.name, apiKey);
    return c.redirect('/dashboard/api-keys', 303);
  });

  page.get('/api-keys/:key_id/revoke', (c) => {
    const key = ownKey(signedIn(c).account.id, c.req.param('key_id'));
    return renderPage(
      c,
      { title: `Revoke “${key.name}”?` },
      <div class="card">
        <p>
          Apps using the key <code>{key.prefix}…</code> get 401 from the next request on. This cannot be
          undone.
        </p>
        <p>
          <strong>{STAYS}</strong>
        </p>
        <form method="post" action={`/dashboard/api-keys/${key.id}/revoke`} class="actions">
          <CsrfField token={c.var.csrfToken} />
          <button type="submit" class="danger">
            Revoke key
          </button>
          <a href="/dashboard/api-keys">Keep it</a>
        </form>
      </div>,
    );
  });

  page.post('/api-keys/:key_id/revoke', (c) => {
    const key = ownKey(signedIn(c).account.id, c.req.param('key_id'));
    revokeApiKey(repos, clockOf(c), key.id);
    return c.redirect('/dashboard/api-keys?done=revoked', 303);
  });

  return page;
}
