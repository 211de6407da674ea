import { describe, expect, it } from 'vitest';
import { fillMessage } from './messages.ts';

describe('fillMessage', () => {
  it('fills every named place and leaves unknown ones as written', () => {
    expect(fillMessage('{email} role {role} added Successfully', { email: 'a@b.org', role: 'admin' })).toBe(
      'a@b.org role admin added Successfully',
    );
    expect(fillMessage('{title} and {other}', { title: 'Run' })).toBe('Run and {other}');
  });

  it('does not read places inside the values it puts in', () => {
    expect(fillMessage('{title} Updated Successful', { title: '{title} $& x' })).toBe('{title} $& x Updated Successful');
  });
});
