import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most-used passwords (ranked, from leaked-password studies) are refused. */
const REFUSED_TOP = 10_000;

let common: Set<string> | undefined;

/** True for a password among the most common ones, ignoring case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).slice(0, REFUSED_TOP));
  return common.has(password.toLowerCase());
}

export const commonPasswordMessage = 'This password is too common and easy to guess. Please choose another one.';
