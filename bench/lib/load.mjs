import autocannon from 'autocannon';

/** One autocannon run over loopback; returns requests per second and latency percentiles (ms). */
export async function load({
  url,
  method = 'GET',
  headers = {},
  body,
  connections = 10,
  duration = 5,
  requests,
  setupRequest,
}) {
  const result = await autocannon({
    url,
    method,
    headers,
    body,
    connections,
    duration,
    requests: requests ?? (setupRequest ? [{ method, headers, body, setupRequest }] : undefined),
  });
  if (result.non2xx > 0 && result['2xx'] === 0) {
    throw new Error(`${method} ${url}: every answer was an error (${result.non2xx} non-2xx)`);
  }
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
