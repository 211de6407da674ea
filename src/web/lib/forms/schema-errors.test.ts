import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api-error.ts';
import { onFormFields, schemaErrors, serverErrors } from './schema-errors.ts';

const schema = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is required'),
  card: z.object({ cvc: z.string().regex(/^\d{3}$/, 'CVC is incomplete') }),
});

describe('schemaErrors', () => {
  it('gives every failing field at once, each with its first message', () => {
    expect(schemaErrors(schema, { title: ' ', date: '', card: { cvc: '1' } })).toEqual({
      title: 'Title is required',
      date: 'Date is required',
      'card.cvc': 'CVC is incomplete',
    });
  });

  it('puts a message on the field that shows it when the schema names it otherwise', () => {
    expect(schemaErrors(schema, { title: 'Run', date: '', card: { cvc: '1' } }, { date: 'day', 'card.cvc': 'cvc' })).toEqual({
      day: 'Date is required',
      cvc: 'CVC is incomplete',
    });
  });

  it('gives nothing for values that pass', () => {
    expect(schemaErrors(schema, { title: 'Run', date: '2026-12-05', card: { cvc: '123' } })).toEqual({});
  });
});

describe('onFormFields', () => {
  it('keeps the first message when two names land on one field', () => {
    expect(onFormFields({ expMonth: 'Month is invalid', expYear: 'Year is invalid' }, { expMonth: 'expiry', expYear: 'expiry' })).toEqual({
      expiry: 'Month is invalid',
    });
  });
});

describe('serverErrors', () => {
  const fields = ['title', 'day', 'cvc'];
  const refused = (messages?: Record<string, string>) => new ApiError(400, 'invalid_input', 'Invalid body', messages);

  it("puts the server's field messages on the form's fields, with nothing left over", () => {
    expect(serverErrors(refused({ title: 'Title is required', 'card.cvc': 'CVC is incomplete' }), fields, { 'card.cvc': 'cvc' })).toEqual({
      errors: { title: 'Title is required', cvc: 'CVC is incomplete' },
      leftOver: false,
    });
  });

  it("puts a message about one item of a list on that item's field", () => {
    expect(serverErrors(refused({ 'links.1.url': 'Link address must start with https://' }), ['title', 'links'])).toEqual({
      errors: { 'links.1.url': 'Link address must start with https://' },
      leftOver: false,
    });
  });

  it('leaves a message about a field the form does not show for the form', () => {
    expect(serverErrors(refused({ title: 'Title is required', email: 'Enter proper email' }), fields)).toEqual({
      errors: { title: 'Title is required' },
      leftOver: true,
    });
  });

  it('leaves every failure without fields for the form: a refusal, no connection, anything else', () => {
    expect(serverErrors(new ApiError(403, 'forbidden', 'You are not allowed to do this'), fields)).toEqual({ errors: {}, leftOver: true });
    expect(serverErrors(new ApiError(0, 'network', 'Could not reach the server'), fields)).toEqual({ errors: {}, leftOver: true });
    expect(serverErrors(refused({}), fields)).toEqual({ errors: {}, leftOver: true });
    expect(serverErrors(new Error('Something broke'), fields)).toEqual({ errors: {}, leftOver: true });
  });
});
