import { describe, expect, it } from 'vitest';
import { LruOrder } from '../../src/caches/lru-order.js';

// The clock hand the request path's caches drop entries by: least recently asked first, an entry
// asked since the hand reached it gets a second chance, and the hand goes on from where it stopped.

const entries = (...keys: string[]) => new Map(keys.map((key) => [key, { used: false }]));

describe('LruOrder', () => {
  it('answers the same entry until it is dropped or passed, then the next, then the front again', () => {
    const map = entries('a', 'b', 'c');
    const order = new LruOrder(map);
    expect([order.next(), order.next()]).toEqual(['a', 'a']);
    const passed = [];
    for (let i = 0; i < 4; i++) {
      passed.push(order.next());
      order.pass();
    }
    expect(passed).toEqual(['a', 'b', 'c', 'a']);
  });

  it('gives an entry asked since the hand passed it a second chance, at the end of the order', () => {
    const map = entries('a', 'b', 'c');
    const order = new LruOrder(map);
    (map.get('a') as { used: boolean }).used = true;
    expect(order.next()).toBe('b');
    map.delete('b');
    expect(order.next()).toBe('c');
    map.delete('c');
    expect(order.next()).toBe('a');
    expect([...map.keys()]).toEqual(['a']);
  });

  it('finds an entry when every one was asked, and nothing in an empty map', () => {
    const map = entries('a', 'b');
    const order = new LruOrder(map);
    for (const kept of map.values()) kept.used = true;
    expect(order.next()).toBe('a');
    expect([...map.values()].every((kept) => !kept.used)).toBe(true);
    map.clear();
    order.reset();
    expect(order.next()).toBeUndefined();
  });

  it('sees entries added after the hand started', () => {
    const map = entries('a');
    const order = new LruOrder(map);
    expect(order.next()).toBe('a');
    order.pass();
    map.set('b', { used: false });
    expect(order.next()).toBe('b');
  });
});
