import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf } from './field-errors.ts';

const schema = z.object({
  name: z.string().min(1, 'Enter your name').max(5, 'Too long'),
  card: z.object({ number: z.string().min(1, 'Card number is required'), cvc: z.string().min(3, 'CVC is 3 digits') }),
});

describe('fieldErrorsOf', () => {
  it('gives every failing field at once, each with its first message', () => {
    const result = schema.safeParse({ name: '', card: { number: '', cvc: '1' } });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error?.issues ?? [])).toEqual({
      name: 'Enter your name',
      'card.number': 'Card number is required',
      'card.cvc': 'CVC is 3 digits',
    });
  });

  it('keeps a message about the whole value under the root name', () => {
    const whole = z.string().refine(() => false, 'Nothing is right');
    expect(fieldErrorsOf(whole.safeParse('x').error?.issues ?? [], 'body')).toEqual({ body: 'Nothing is right' });
  });

  it('gives nothing for no issues', () => {
    expect(fieldErrorsOf([])).toEqual({});
  });
});
