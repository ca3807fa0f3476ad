import autocannon from 'autocannon';

/**
 * One autocannon load (in this process) against a server child; returns requests per second over
 * the load's wall time and the server's CPU microseconds per request (its /proc CPU time across the
 * load divided by the answers). Every answer must be 2xx and no socket may fail: otherwise it throws
 * with the status codes seen, so a cheap refusal (429, 401) can never flatter a figure.
 * `setupRequest(req)` may vary headers and body per request, as autocannon's own option does.
 */
export async function measureHttp(
  server,
  {
    url,
    method = 'GET',
    headers = {},
    body,
    connections = 10,
    duration = 3,
    amount,
    setupRequest,
    onFailure,
  },
) {
  const cpuBefore = server.cpuMs();
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  const instance = autocannon({
    url,
    method,
    headers,
    body,
    connections,
    duration,
    ...(amount === undefined ? {} : { amount }),
    ...(setupRequest ? { requests: [{ method, headers, body, setupRequest }] } : {}),
  });
  // autocannon's own start/finish are quantised to its 1-second ticker when `amount` ends a run:
  // the load's wall time is taken from the last answer instead.
  instance.on('response', () => {
    lastAnswerAt = performance.now();
  });
  const result = await instance;
  const cpuAfter = server.cpuMs();
  const total = result['2xx'] + result.non2xx;
  const codes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
  );
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0 || total === 0) {
    const detail = onFailure ? ` ${await onFailure()}` : '';
    throw new Error(
      `${method} ${url}: ${result.non2xx} non-2xx, ${result.errors} socket errors, ${result.timeouts} timeouts ` +
        `of ${total} answers (codes ${JSON.stringify(codes)}); every counted answer must be 2xx.${detail}`,
    );
  }
  const elapsedS = (lastAnswerAt - startedAt) / 1000;
  return {
    rps: total / elapsedS,
    cpuUs: ((cpuAfter - cpuBefore) * 1000) / total,
    // autocannon's histogram has millisecond resolution: these are figures, never ratio denominators.
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total,
    elapsedS,
  };
}
