/**
 * Creates accounts with one profile and one API key each through the admin API. The read limit
 * (60 per UTC minute per account) would turn a one-account load test into a 429 benchmark, so
 * read benchmarks rotate over enough accounts that every request takes the full 200 path.
 * `concurrency` seeds that many accounts at a time (the order of the result stays by index).
 */
export async function seedAccounts(
  baseUrl,
  adminToken,
  count,
  { plan = 'skilled', networks = [], simulate = { latency_ms: 0 }, concurrency = 1 } = {},
) {
  const admin = async (method, path, body) => {
    const res = await fetch(`${baseUrl}/admin/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`admin ${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const seedOne = async (i) => {
    const account = await admin('POST', '/accounts', { plan, x_addon: true, email: `bench${i}@example.com` });
    const profile = await admin('POST', `/accounts/${account.account_id}/profiles`, { name: `Bench ${i}` });
    for (const platform of networks) {
      await admin('PUT', `/profiles/${profile.profile_id}/networks/${platform}`, {
        username: `bench${i}`,
        simulate,
      });
    }
    const key = await admin('POST', `/accounts/${account.account_id}/keys`, { name: 'bench' });
    return { accountId: account.account_id, profileId: profile.profile_id, apiKey: key.api_key };
  };
  const accounts = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      accounts[i] = await seedOne(i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, worker));
  return accounts;
}
