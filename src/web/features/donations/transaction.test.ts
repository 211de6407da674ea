import { describe, expect, it } from 'vitest';
import { shortTransaction } from './transaction.ts';

describe('shortTransaction', () => {
  it('keeps characters 3 to 27 of a transaction ID, counted from 1', () => {
    const id = 'pi_3PqRsT4uVwXyZ0aBcDeFgHiJkLmNoP';
    expect(shortTransaction(id)).toBe('_3PqRsT4uVwXyZ0aBcDeFgHiJ');
    expect(shortTransaction(id)).toHaveLength(25);
    expect(id.indexOf(shortTransaction(id))).toBe(2);
  });

  it('gives what there is of a short ID, and nothing for one of two characters or fewer', () => {
    expect(shortTransaction('pi_123')).toBe('_123');
    expect(shortTransaction('pi')).toBe('');
    expect(shortTransaction('')).toBe('');
  });
});
