import { describe, expect, it } from 'vitest';
import {
  AdminAccountCreateSchema,
  AdminClockSetSchema,
  AdminFaultCreateSchema,
  AdminNetworkPutSchema,
} from './admin.js';

describe('admin request schemas', () => {
  it('creates a skilled account without the X add-on by default', () => {
    expect(AdminAccountCreateSchema.parse({})).toMatchObject({
      plan: 'skilled',
      x_addon: false,
      share_links: true,
      uploads_enabled: true,
    });
  });

  it('refuses an unknown plan and a misspelt field', () => {
    expect(AdminAccountCreateSchema.safeParse({ plan: 'gold' }).success).toBe(false);
    expect(AdminAccountCreateSchema.safeParse({ xaddon: true }).success).toBe(false);
  });

  it('accepts a connection with a simulated failure followed by one-off behaviours', () => {
    const body = {
      username: 'demo',
      simulate: {
        outcome: 'failed',
        error: { status: 403, code: 'x_rejected', message: 'Duplicate.' },
        next: [
          { outcome: 'still_publishing', latency_ms: 30000 },
          { outcome: 'success', figures: { views: 3 } },
        ],
      },
    };
    expect(AdminNetworkPutSchema.parse(body)).toMatchObject({ health: 'ready', status: 'connected' });
  });

  it('refuses a nested next inside a next step', () => {
    const body = { username: 'demo', simulate: { next: [{ next: [] }] } };
    expect(AdminNetworkPutSchema.safeParse(body).success).toBe(false);
  });

  it.each([
    [{ now: '2026-11-02T10:00:00Z' }, true],
    [{ advance_seconds: 60 }, true],
    [{ now: '2026-11-02T10:00:00' }, false],
    [{ advance_seconds: -1 }, false],
    [{}, false],
  ])('clock body %j is accepted: %s', (body, ok) => {
    expect(AdminClockSetSchema.safeParse(body).success).toBe(ok);
  });

  it('arms a fault once, before the work, by default', () => {
    expect(
      AdminFaultCreateSchema.parse({ answer: { status: 503, code: 'caller_check_unavailable' } }),
    ).toMatchObject({
      match: {},
      when: 'before',
      times: 1,
    });
    expect(
      AdminFaultCreateSchema.parse({ answer: 'drop', when: 'after', match: { method: 'post' } }).match.method,
    ).toBe('POST');
  });
});
