import { describe, expect, it } from 'vitest';
import { isUuid, resolveProfile } from './profile-resolution.js';

const demo = {
  profile_id: '0b6f4c52-8e1a-4c7e-9d0f-2a1b3c4d5e6f',
  profile_name: 'Demo Brand',
  handle: '@demobrand',
};
const side = {
  profile_id: '7d9e2f10-1111-4222-8333-944455566677',
  profile_name: 'Side Project',
  handle: '@sideproject',
};
const lower = { profile_id: 'aaaaaaaa-0000-4000-8000-000000000001', profile_name: 'acme', handle: '@acme1' };
const upper = { profile_id: 'aaaaaaaa-0000-4000-8000-000000000002', profile_name: 'ACME', handle: '@acme2' };
const twinA = { profile_id: 'bbbbbbbb-0000-4000-8000-000000000001', profile_name: 'Twin', handle: '@twin' };
const twinB = { profile_id: 'bbbbbbbb-0000-4000-8000-000000000002', profile_name: 'TWIN', handle: '@Twin' };
const profiles = [demo, side, lower, upper];

describe('resolveProfile', () => {
  it.each([
    ['the UUID', demo.profile_id, demo],
    ['the UUID in upper case', demo.profile_id.toUpperCase(), demo],
    ['the @handle', '@demobrand', demo],
    ['the @handle in another case', '@DemoBrand', demo],
    ['the name', 'Demo Brand', demo],
    ['the name in another case', 'demo brand', demo],
    ['the name with spaces around', '  Side Project ', side],
    ['a bare handle without @', 'sideproject', side],
    ['an exact-case name among two differing by case', 'acme', lower],
    ['the other exact-case name', 'ACME', upper],
    ['a UUID among case twins', upper.profile_id, upper],
  ])('finds a profile by %s', (_label, accountId, expected) => {
    expect(resolveProfile(profiles, accountId)).toEqual({ ok: true, profile: expected });
  });

  it.each([
    ['an unknown UUID', 'ffffffff-0000-4000-8000-000000000000'],
    ['an unknown handle', '@nobody'],
    ['an unknown name', 'Nobody'],
    ['a handle written as a name with @', '@Demo Brand'],
    ['an empty value', '  '],
    ['a bare @', '@'],
  ])('answers not_found for %s', (_label, accountId) => {
    expect(resolveProfile(profiles, accountId)).toEqual({ ok: false, reason: 'not_found' });
  });

  it('answers ambiguous when case twins match only when case is ignored', () => {
    expect(resolveProfile(profiles, 'Acme')).toEqual({ ok: false, reason: 'ambiguous' });
  });

  it('answers ambiguous for handles differing only by case without an exact match', () => {
    expect(resolveProfile([twinA, twinB], '@TWIN')).toEqual({ ok: false, reason: 'ambiguous' });
    expect(resolveProfile([twinA, twinB], '@Twin')).toEqual({ ok: true, profile: twinB });
  });

  it('prefers a name over a bare handle', () => {
    const named = {
      profile_id: 'cccccccc-0000-4000-8000-000000000001',
      profile_name: 'sideproject',
      handle: '@other',
    };
    expect(resolveProfile([side, named], 'sideproject')).toEqual({ ok: true, profile: named });
  });
});

describe('isUuid', () => {
  it.each([
    ['0b6f4c52-8e1a-4c7e-9d0f-2a1b3c4d5e6f', true],
    ['0B6F4C52-8E1A-4C7E-9D0F-2A1B3C4D5E6F', true],
    ['00000000-0000-0000-0000-000000000000', true],
    ['0b6f4c528e1a4c7e9d0f2a1b3c4d5e6f', false],
    ['0b6f4c52-8e1a-4c7e-9d0f-2a1b3c4d5e6', false],
    ['0b6f4c52-8e1a-4c7e-9d0f-2a1b3c4d5e6g', false],
    [' 0b6f4c52-8e1a-4c7e-9d0f-2a1b3c4d5e6f', false],
    ['', false],
  ])('isUuid(%s) is %s', (value, expected) => {
    expect(isUuid(value)).toBe(expected);
  });
});
