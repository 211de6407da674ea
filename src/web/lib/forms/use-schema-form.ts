import { type FormErrors, type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { loadProblemWords } from '../problems.ts';
import { type FieldNames, schemaErrors, serverErrors } from './schema-errors.ts';

/** A field the person can correct, marked invalid: the first in the page's order gets focus. */
const invalidField = ':is(input, textarea, select)[aria-invalid="true"]';

export interface SchemaFormOptions<Values, Schema extends z.ZodType>
  extends Omit<UseFormInput<Values, z.output<Schema>>, 'mode' | 'validate' | 'transformValues'> {
  /** The shared contract's schema (or the web's extension of it) that the values must pass. */
  schema: Schema;
  /** The values as the schema takes them, when the form splits or joins fields (a day and a time as one date). */
  toInput?: (values: Values) => unknown;
  /** Where the schema's and the server's messages go when they name a field differently. */
  fieldNames?: FieldNames;
}

export type SchemaForm<Values extends Record<string, unknown>, Data = Values> = UseFormReturnType<
  Values,
  Data,
  (values: Values) => FormErrors
> & {
  fieldNames: FieldNames;
  /** Moves focus to the first field that shows a problem, in the order of the page, once it shows. */
  focusFirstInvalid: () => void;
};

/**
 * The one way to build a form (STYLE.md): Mantine's form, in uncontrolled mode, checked with a zod
 * schema through `fieldErrorsOf`, so every field that fails says so at once, beside itself (Mantine's
 * inputs link the message with aria-describedby). A submit that finds a problem moves focus to the
 * first invalid field. The submit handler gets the schema's output: trimmed, parsed, ready to send.
 */
export function useSchemaForm<Values extends Record<string, unknown>, Schema extends z.ZodType>({
  schema,
  toInput = (values) => values,
  fieldNames = {},
  ...options
}: SchemaFormOptions<Values, Schema>): SchemaForm<Values, z.output<Schema>> {
  const formElement = useRef<HTMLFormElement | null>(null);
  const [focusRequests, setFocusRequests] = useState(0);

  // Its problems' words in the reader's language, before anyone can get a field wrong.
  useEffect(loadProblemWords, []);
  // After the render that shows the messages, so aria-invalid is on the fields.
  useEffect(() => {
    if (focusRequests > 0) formElement.current?.querySelector<HTMLElement>(invalidField)?.focus();
  }, [focusRequests]);

  const form = useForm<Values, z.output<Schema>>({
    ...options,
    mode: 'uncontrolled',
    validate: (values) => schemaErrors(schema, toInput(values), fieldNames),
    // Only called once the values have passed `validate`.
    transformValues: (values) => schema.parse(toInput(values)),
    // Most Mantine inputs mark themselves invalid when they show an error; PasswordInput does not. A group
    // of choices is no input: `getInputProps(name, { ariaInvalid: false })` leaves its wrapper unmarked.
    enhanceGetInputProps: ({ inputProps, options }) =>
      inputProps.error && options.ariaInvalid !== false ? { 'aria-invalid': true } : undefined,
  });
  const focusFirstInvalid = () => setFocusRequests((count) => count + 1);

  const onSubmit: typeof form.onSubmit = (handleSubmit, handleValidationFailure) => (event) => {
    if (event?.currentTarget instanceof HTMLFormElement) formElement.current = event.currentTarget;
    form.onSubmit(handleSubmit, (errors, values, submitEvent) => {
      handleValidationFailure?.(errors, values, submitEvent);
      focusFirstInvalid();
    })(event);
  };

  return { ...form, onSubmit, fieldNames, focusFirstInvalid };
}

/** What `applyServerErrors` needs of a form made by `useSchemaForm`. */
interface ServerErrorTarget {
  getValues: () => object;
  setErrors: (errors: FormErrors) => void;
  focusFirstInvalid: () => void;
  fieldNames: FieldNames;
}

/**
 * Puts a failed call's field messages (a 400's `fields`) beside the fields they name and moves focus
 * to the first. True when something is left for the form's own message: the call failed otherwise
 * (no connection, a 403), or it named something the form does not show.
 */
export function applyServerErrors(form: ServerErrorTarget, error: unknown): boolean {
  const { errors, leftOver } = serverErrors(error, Object.keys(form.getValues()), form.fieldNames);
  if (Object.keys(errors).length > 0) {
    form.setErrors(errors);
    form.focusFirstInvalid();
  }
  return leftOver;
}
