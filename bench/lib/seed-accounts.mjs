/**
 * Creates accounts with one profile, the given networks and one API key each through the admin API.
 * Limits are per account (60 reads per UTC minute; one post per network per account every 20 s),
 * so a section seeds enough accounts that its load never reaches a limit it is not measuring.
 * `concurrency` seeds that many accounts at a time (the order of the result stays by index).
 * `password`: each account can sign in to the dashboard with its e-mail and this password (a slow
 * hash each: give it only to the accounts that need it). `from`: the first account's number.
 */
export async function seedAccounts(
  baseUrl,
  adminToken,
  count,
  { plan = 'skilled', networks = [], simulate = { latency_ms: 0 }, concurrency = 8, password, from = 0 } = {},
) {
  const admin = async (method, path, body) => {
    const send = () =>
      fetch(`${baseUrl}/admin/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    // A kept-alive connection the server closed as it was reused (a loaded machine): sent again once
    // on a new connection. At worst the server did the first and an account more exists unused.
    const res = await send().catch((error) => {
      if (!['UND_ERR_SOCKET', 'ECONNRESET'].includes(error?.cause?.code)) throw error;
      return send();
    });
    if (!res.ok) throw new Error(`admin ${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const seedOne = async (i) => {
    const email = `bench${i}@example.com`;
    const account = await admin('POST', '/accounts', {
      plan,
      x_addon: true,
      email,
      ...(password === undefined ? {} : { password }),
    });
    const profile = await admin('POST', `/accounts/${account.account_id}/profiles`, { name: `Bench ${i}` });
    for (const platform of networks) {
      await admin('PUT', `/profiles/${profile.profile_id}/networks/${platform}`, {
        username: `bench${i}`,
        simulate,
      });
    }
    const key = await admin('POST', `/accounts/${account.account_id}/keys`, { name: 'bench' });
    return { accountId: account.account_id, profileId: profile.profile_id, apiKey: key.api_key, email };
  };
  return mapLimit(count, concurrency, (i) => seedOne(from + i));
}

/** Runs `work(i)` for i in [0, count) with at most `concurrency` at once; results by index. */
export async function mapLimit(count, concurrency, work) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await work(i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, worker));
  return results;
}
