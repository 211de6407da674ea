import type { z } from 'zod';
import { isApiError } from '../../lib/api-error.ts';

/** One message for the form, and the field it is about (for aria-invalid), if any. */
export interface FormIssue {
  message: string;
  field?: string;
}

/** The first failure of a form schema: the spec's forms show one message at a time, in its order. */
export function firstIssue(error: z.ZodError): FormIssue {
  const [issue] = error.issues;
  const field = issue?.path[0];
  return { message: issue?.message ?? 'Check the form and try again', field: typeof field === 'string' ? field : undefined };
}

/** A failed call as a form message: the server's words as given (spec section 8). */
export function issueFromError(error: unknown): FormIssue {
  if (isApiError(error)) {
    const [field, message] = Object.entries(error.fields ?? {})[0] ?? [];
    return { message: message ?? error.message, field };
  }
  return { message: error instanceof Error ? error.message : 'Something went wrong. Please try again.' };
}
