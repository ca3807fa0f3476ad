import autocannon from 'autocannon';

/**
 * One autocannon run over loopback; returns requests per second and latency percentiles (ms).
 * With `amount` the run stops after that many requests (duration is then ignored) and `rps` is the
 * total over the run's wall time, since autocannon's per-second average is skewed by the last,
 * partial second of a short run.
 */
export async function load({
  url,
  method = 'GET',
  headers = {},
  body,
  connections = 10,
  duration = 5,
  amount,
  requests,
  setupRequest,
  allowAllErrors = false,
}) {
  const result = await autocannon({
    url,
    method,
    headers,
    body,
    connections,
    duration,
    ...(amount === undefined ? {} : { amount }),
    requests: requests ?? (setupRequest ? [{ method, headers, body, setupRequest }] : undefined),
  });
  if (!allowAllErrors && result.non2xx > 0 && result['2xx'] === 0) {
    const codes = Object.keys(result.statusCodeStats ?? {}).join(', ');
    throw new Error(`${method} ${url}: every answer was an error (${result.non2xx} non-2xx: ${codes})`);
  }
  const elapsedS = (new Date(result.finish).getTime() - new Date(result.start).getTime()) / 1000;
  const total = result['2xx'] + result.non2xx;
  return {
    rps: amount === undefined ? Math.round(result.requests.average) : Math.round(total / elapsedS),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    total,
    elapsedS,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]),
    ),
  };
}
