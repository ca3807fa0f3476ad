/**
 * Runs a load against a server child whose script imports `servers/probe.mjs` and adds to its
 * figures the server's own garbage collections during it, per request: scavenges and full
 * collections per 1,000 requests, and the µs the server's observer saw them take. A server that
 * does not answer `stats()` leaves the figures as they are.
 */
export async function gcDuring(server, measure) {
  const before = await server.stats();
  const figures = await measure();
  const after = await server.stats();
  if (before && after) {
    const perRequest = (n) => n / figures.total;
    figures.scavengesPerK = perRequest(after.gc.minor - before.gc.minor) * 1000;
    figures.fullPerK = perRequest(after.gc.major - before.gc.major) * 1000;
    const ms = after.gc.minorMs + after.gc.majorMs - before.gc.minorMs - before.gc.majorMs;
    figures.gcUs = perRequest(ms) * 1000;
    figures.rssMb = after.rssBytes / 2 ** 20;
  }
  return figures;
}

/** One line of a subject's collections over the rounds: median (min–max) of each figure. */
export function gcLine(figures, formatSpread, spread) {
  const f = (pick, digits) => formatSpread(spread(figures.map(pick)), digits);
  return (
    `GC ${f((x) => x.gcUs, 1)} µs/req, ${f((x) => x.scavengesPerK, 2)} scavenges and ` +
    `${f((x) => x.fullPerK, 3)} full per 1,000; RSS ${f((x) => x.rssMb)} MB`
  );
}
