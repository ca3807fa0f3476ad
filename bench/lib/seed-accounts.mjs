/**
 * Creates accounts with one profile and one API key each through the admin API. The read limit
 * (60 per UTC minute per account) would turn a one-account load test into a 429 benchmark, so
 * read benchmarks rotate over enough accounts that every request takes the full 200 path.
 */
export async function seedAccounts(baseUrl, adminToken, count, { plan = 'skilled', networks = [] } = {}) {
  const admin = async (method, path, body) => {
    const res = await fetch(`${baseUrl}/admin/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`admin ${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const accounts = [];
  for (let i = 0; i < count; i++) {
    const account = await admin('POST', '/accounts', { plan, x_addon: true, email: `bench${i}@example.com` });
    const profile = await admin('POST', `/accounts/${account.account_id}/profiles`, { name: `Bench ${i}` });
    for (const platform of networks) {
      await admin('PUT', `/profiles/${profile.profile_id}/networks/${platform}`, {
        username: `bench${i}`,
        simulate: { latency_ms: 0 },
      });
    }
    const key = await admin('POST', `/accounts/${account.account_id}/keys`, { name: 'bench' });
    accounts.push({ accountId: account.account_id, profileId: profile.profile_id, apiKey: key.api_key });
  }
  return accounts;
}
