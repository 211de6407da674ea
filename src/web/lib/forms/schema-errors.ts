import type { z } from 'zod';
import { type FieldErrors, fieldErrorsOf } from '../../../shared/field-errors.ts';
import { isApiError } from '../api-error.ts';
import { problemIn } from '../problems.ts';

/**
 * Where a message is shown when the schema or the server names it differently from the form's field:
 * `{ date: 'day' }` (the day and time fields are sent as one date), `{ 'card.cvc': 'cvc' }`.
 */
export type FieldNames = Readonly<Record<string, string>>;

/** Messages moved onto the fields that show them; where two land on one field, the first stays. */
export function onFormFields(errors: FieldErrors, names: FieldNames = {}): FieldErrors {
  const placed: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) placed[names[path] ?? path] ??= problemIn(message);
  return placed;
}

/** Every failing field of the form at once, each with the schema's first message for it. */
export function schemaErrors(schema: z.ZodType, input: unknown, names?: FieldNames): FieldErrors {
  return onFormFields(fieldErrorsOf(schema.safeParse(input).error?.issues ?? []), names);
}

/**
 * A failed call as the form shows it: the server's field messages (a 400's `fields`) that name one of
 * `fields` (or an item of one, `socialLinks.0.url`), and whether anything is left over for the form's own message (a network failure, a 403,
 * a message about a field the form does not have).
 */
export function serverErrors(error: unknown, fields: readonly string[], names?: FieldNames): { errors: FieldErrors; leftOver: boolean } {
  if (!isApiError(error) || !error.fields) return { errors: {}, leftOver: true };
  const errors: FieldErrors = {};
  let leftOver = false;
  for (const [field, message] of Object.entries(onFormFields(error.fields, names))) {
    // A message about one item of a list field ('socialLinks.0.url') belongs to that list's field.
    if (fields.includes(field) || fields.includes(field.split('.')[0] ?? '')) errors[field] = message;
    else leftOver = true;
  }
  return { errors, leftOver: leftOver || Object.keys(errors).length === 0 };
}

/** A failed call in words for the form's own message: the server's, as given (spec section 8). */
export function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : problemIn('Something went wrong. Please try again.');
}
