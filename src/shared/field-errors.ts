import { z } from 'zod';

/** Which field is wrong and why, as the API's `fields` and the forms show it: `{ email: 'Enter proper email' }`. */
export type FieldErrors = Record<string, string>;

/** What `fieldErrorsOf` needs of an issue: where it is and what it says. */
export type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * The one way a failed zod parse becomes field errors, on the server (400 `fields`) and in every
 * form: the first message for each field, named by its dotted path (`card.cvc`). A message about
 * the whole value is kept under `root`.
 */
export function fieldErrorsOf(issues: readonly Issue[], root = 'form'): FieldErrors {
  const byPath = issues.map((issue) => ({
    code: 'custom' as const,
    input: undefined,
    message: issue.message,
    path: issue.path.length ? [issue.path.map(String).join('.')] : [],
  }));
  const { formErrors, fieldErrors } = z.flattenError(new z.ZodError(byPath));
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(fieldErrors as Record<string, string[] | undefined>)) {
    const [first] = messages ?? [];
    if (first) errors[field] = first;
  }
  const [whole] = formErrors;
  if (whole) errors[root] ??= whole;
  return errors;
}
