import { afterEach, describe, expect, it, vi } from 'vitest';
import { newAttemptId } from './attempt-id.ts';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the donation page attempt id', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a version 4 UUID, new for each visit', () => {
    const first = newAttemptId();
    expect(first).toMatch(uuidV4);
    expect(newAttemptId()).not.toBe(first);
  });

  it('is still a version 4 UUID where randomUUID is missing (plain http)', () => {
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(0xff) });
    expect(newAttemptId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});
