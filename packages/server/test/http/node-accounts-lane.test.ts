import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, type SocialpubApp } from '../../src/app.js';
import type { VirtualClock } from '../../src/clocks/virtual-clock.js';
import { WriteBehind } from '../../src/db/write-behind.js';
import { type NodeAccountsLaneOptions, nodeAccountsLane } from '../../src/http/node-accounts-lane.js';
import { keptAccountsAnswers } from '../../src/routes/accounts.js';
import { ADMIN_TOKEN, CLOCK_START } from '../helpers/test-app.js';

// The Node lane (http/node-accounts-lane.ts) on its own: a request it takes is counted, logged and
// answered; a failure before the read is counted, a read the limit refuses, and a read whose
// bookkeeping would write to the database (the minute's pruning, a full snapshot) are left to the
// app with nothing counted, logged or written by the lane.

let s: SocialpubApp;
let apiKey: string;
let accountId: string;

beforeEach(async () => {
  s = await createApp({
    memory: true,
    clock: 'virtual',
    clockStart: CLOCK_START,
    adminToken: ADMIN_TOKEN,
    publicUrl: 'http://api.test',
  });
  const admin = async (path: string, body: unknown) =>
    (await (
      await s.app.request(`/admin/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as Record<string, string>;
  accountId = (await admin('/accounts', {})).account_id as string;
  await admin(`/accounts/${accountId}/profiles`, { name: 'Brand' });
  apiKey = (await admin(`/accounts/${accountId}/keys`, { name: 'k' })).api_key as string;
  // The minute's first read, through the app: it prunes older minutes.
  const first = await s.app.request('/api/v2/accounts', {
    headers: { host: 'api.test', authorization: `Bearer ${apiKey}` },
  });
  expect(first.status).toBe(200);
});
afterEach(() => s.close());

function lane(answers: NodeAccountsLaneOptions['answers'] = keptAccountsAnswers(s.services)) {
  const { repos, clock, clocks, ownNames, clientAddresses, events, readLimiter } = s.services;
  return nodeAccountsLane({ repos, clock, clocks, ownNames, clientAddresses, events, readLimiter, answers });
}

function request(key = apiKey) {
  const incoming = {
    url: '/api/v2/accounts',
    method: 'GET',
    rawHeaders: ['Host', 'api.test', 'Authorization', `Bearer ${key}`],
  } as unknown as IncomingMessage;
  const outgoing = { writeHead: vi.fn(), end: vi.fn() };
  return { incoming, outgoing, res: outgoing as unknown as ServerResponse };
}

const counted = () => s.services.readLimiter.usage(accountId).reads;
const logged = () => s.services.repos.requestLog.list({ accountId, limit: 100 });

describe('the Node lane', () => {
  it('counts, logs and answers a read it takes', () => {
    const { incoming, outgoing, res } = request();
    expect(lane()(incoming, res)).toBe(true);
    const [status, head] = outgoing.writeHead.mock.calls[0] as [number, (string | number)[]];
    const [body] = outgoing.end.mock.calls[0] as [string];
    expect(status).toBe(200);
    expect(head.slice(-2)).toEqual(['Content-Length', Buffer.byteLength(body)]);
    expect(body).toContain('"Brand"');
    expect(counted()).toBe(2);
    expect(logged()).toHaveLength(2);
    expect(logged()[0]).toMatchObject({ method: 'GET', path: '/api/v2/accounts', status: 200, accountId });
  });

  it('leaves a request whose answer fails to the app, with nothing counted, logged or written', () => {
    const { incoming, outgoing, res } = request();
    const failing = lane({
      json: () => {
        throw new Error('the disk went away');
      },
    });
    expect(failing(incoming, res)).toBe(false);
    expect(outgoing.writeHead).not.toHaveBeenCalled();
    expect(counted()).toBe(1);
    expect(logged()).toHaveLength(1);
  });

  it('leaves a read the limit refuses to the app, uncounted', () => {
    const take = lane();
    for (let i = 1; i < 60; i++) expect(take(request().incoming, request().res)).toBe(true);
    const { incoming, outgoing, res } = request();
    expect(take(incoming, res)).toBe(false);
    expect(outgoing.writeHead).not.toHaveBeenCalled();
    expect(counted()).toBe(60);
    expect(logged()).toHaveLength(60);
  });

  it('leaves an unknown key to the app', () => {
    const { incoming, outgoing, res } = request('sp_live_unknown');
    expect(lane()(incoming, res)).toBe(false);
    expect(outgoing.writeHead).not.toHaveBeenCalled();
    expect(logged()).toHaveLength(1);
  });

  it('leaves the first read of a new minute to the app, which prunes the older ones', async () => {
    const { incoming, outgoing, res } = request();
    expect(lane()(incoming, res)).toBe(true);
    (s.services.clock as VirtualClock).advance(60);
    expect(lane()(request().incoming, request().res)).toBe(false);
    expect(counted()).toBe(0);
    expect(outgoing.writeHead).toHaveBeenCalledTimes(1);
  });

  it('leaves a read whose bookkeeping would write the waiting snapshot to the app', () => {
    const room = vi.spyOn(s.services.repos.writeBehind, 'roomFor').mockReturnValue(false);
    const { incoming, outgoing, res } = request();
    expect(lane()(incoming, res)).toBe(false);
    expect(room).toHaveBeenCalledWith(3);
    expect(outgoing.writeHead).not.toHaveBeenCalled();
    expect(counted()).toBe(1);
  });
});

describe('the write-behind’s room', () => {
  it('has room for changes while the last of them would not reach the bound', () => {
    const behind = new WriteBehind(s.services.db, { delayMs: 60_000, maxWaiting: 3 });
    expect(behind.roomFor(2)).toBe(true);
    behind.changed();
    expect(behind.roomFor(1)).toBe(true);
    expect(behind.roomFor(2)).toBe(false);
    behind.flush();
    expect(behind.roomFor(2)).toBe(true);
  });
});
