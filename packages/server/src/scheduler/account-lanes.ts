/**
 * Runs `work` for every item, items with the same lane key strictly one after another in the given
 * order, different lanes concurrently with at most `concurrency` in flight. The scheduler's lanes are
 * accounts: "posts due together go out one after another" is a rule within one account (leave at
 * least a minute on one network), and nothing makes one account wait for another's network.
 */
export async function runInLanes<T>(
  items: readonly T[],
  laneOf: (item: T) => string,
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const lanes = new Map<string, T[]>();
  for (const item of items) {
    const key = laneOf(item);
    const lane = lanes.get(key);
    if (lane) lane.push(item);
    else lanes.set(key, [item]);
  }
  const queue = [...lanes.values()];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < queue.length) {
      const lane = queue[next++] ?? [];
      for (const item of lane) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
}
