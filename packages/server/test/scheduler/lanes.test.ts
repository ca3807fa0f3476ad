import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runInLanes } from '../../src/scheduler/account-lanes.js';

describe('sending a busy minute in account lanes', () => {
  const items = Array.from({ length: 40 }, (_, i) => ({ account: `a${i % 4}`, n: i }));

  it('keeps each account one send at a time, in due order, while accounts overlap', async () => {
    const running = new Map<string, number>();
    const order = new Map<string, number[]>();
    let inFlight = 0;
    let mostInFlight = 0;
    await runInLanes(
      items,
      (item) => item.account,
      3,
      async (item) => {
        expect(running.get(item.account) ?? 0).toBe(0);
        running.set(item.account, 1);
        inFlight++;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await sleep(1);
        order.set(item.account, [...(order.get(item.account) ?? []), item.n]);
        inFlight--;
        running.set(item.account, 0);
      },
    );
    for (const [account, sent] of order) {
      const due = items.filter((item) => item.account === account).map((item) => item.n);
      expect(sent).toEqual(due);
    }
    expect(mostInFlight).toBe(3);
  });

  it('never has more accounts in flight than the bound', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    await runInLanes(
      items,
      (item) => item.account,
      2,
      async () => {
        inFlight++;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await sleep(1);
        inFlight--;
      },
    );
    expect(mostInFlight).toBe(2);
  });
});
