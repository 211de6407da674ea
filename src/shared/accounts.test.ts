import { describe, expect, it } from 'vitest';
import { accountMessages, loginFormSchema, signUpFormSchema } from './accounts.ts';
import { fieldErrorsOf } from './field-errors.ts';

const errorsOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => fieldErrorsOf(result.error?.issues ?? []);

describe('the sign-up form', () => {
  it('says what is wrong with every field at once, in the spec words', () => {
    const result = signUpFormSchema.safeParse({ name: ' ', email: 'not-an-email', password: 'short', confirmPassword: 'different' });
    expect(errorsOf(result)).toEqual({
      name: 'Enter your name',
      email: accountMessages.badEmail,
      password: accountMessages.passwordTooShort,
      confirmPassword: accountMessages.passwordMismatch,
    });
  });

  it('says the passwords differ even when both are long enough', () => {
    const result = signUpFormSchema.safeParse({ name: 'Sam', email: 'sam@example.org', password: 'kettle-1', confirmPassword: 'kettle-2' });
    expect(errorsOf(result)).toEqual({ confirmPassword: accountMessages.passwordMismatch });
  });

  it('passes a good form, the email trimmed and in lower case', () => {
    const result = signUpFormSchema.safeParse({
      name: ' Sam ',
      email: ' Sam@Example.org ',
      password: 'kettle-1',
      confirmPassword: 'kettle-1',
    });
    expect(result.data).toEqual({ name: 'Sam', email: 'sam@example.org', password: 'kettle-1', confirmPassword: 'kettle-1' });
  });
});

describe('the login form', () => {
  it('says a short password and a malformed email at once', () => {
    expect(errorsOf(loginFormSchema.safeParse({ email: 'someone@', password: '12345' }))).toEqual({
      email: accountMessages.badEmail,
      password: accountMessages.passwordTooShort,
    });
  });

  it('takes any password of six characters or more', () => {
    expect(loginFormSchema.safeParse({ email: 'someone@example.org', password: '123456' }).success).toBe(true);
  });
});
