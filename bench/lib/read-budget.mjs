/**
 * Keeps a read load under the server's 60 reads per UTC minute per account without seeding for the
 * worst case: counts the reads sent per UTC minute (this machine's clock is the server's), and
 * before a load that could pass `accounts * 60` this minute, waits for the next minute. Keys rotate
 * round-robin, so each account gets `reads / accounts` (± 1) of a minute's reads.
 */
export function readBudget(accounts, perMinute = 60) {
  const minuteOf = () => Math.floor(Date.now() / 60_000);
  let minute = minuteOf();
  let used = 0;
  let next = 0;
  return {
    /** The key for the next read, counted. */
    nextKey() {
      const now = minuteOf();
      if (now !== minute) {
        minute = now;
        used = 0;
      }
      used++;
      return accounts[next++ % accounts.length].apiKey;
    },
    /** Waits for the next UTC minute when `expected` more reads could reach the limit (10% margin). */
    async reserve(expected) {
      if (minuteOf() !== minute) {
        minute = minuteOf();
        used = 0;
      }
      const budget = accounts.length * perMinute * 0.9;
      if (expected > budget) throw new Error(`${expected} reads need more than ${accounts.length} accounts`);
      if (used + expected <= budget) return 0;
      const waitMs = 60_000 - (Date.now() % 60_000) + 250;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      return waitMs;
    },
  };
}
