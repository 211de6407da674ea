import { describe, expect, it } from 'vitest';
import { formatHours } from './format-hours.ts';

describe('formatHours', () => {
  it('says one hour in the singular and others in the plural', () => {
    expect(formatHours(1)).toBe('1 hour');
    expect(formatHours(0)).toBe('0 hours');
    expect(formatHours(3)).toBe('3 hours');
  });

  it('keeps quarter hours as decimals and groups thousands', () => {
    expect(formatHours(2.5)).toBe('2.5 hours');
    expect(formatHours(0.25)).toBe('0.25 hours');
    expect(formatHours(1234.75)).toBe('1,234.75 hours');
  });
});
