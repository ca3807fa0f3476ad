/** The bench servers' admin token (`servers/reference.mjs`). */
export const BENCH_ADMIN_TOKEN = 'bench-admin-token';

/** One JSON call with a bearer (the admin token by default); anything but 2xx throws with the answer. */
export async function jsonCall(url, method, path, body, token = BENCH_ADMIN_TOKEN) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}
