import { describe, expect, it } from 'vitest';
import { counted } from './counted.ts';

describe('counted', () => {
  it('says one thing in the singular and any other number in the plural', () => {
    expect(counted(1, 'event')).toBe('1 event');
    expect(counted(0, 'event')).toBe('0 events');
    expect(counted(20000, 'registration')).toBe('20000 registrations');
  });
});
