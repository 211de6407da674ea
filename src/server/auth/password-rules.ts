import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { ADMIN_MIN_PASSWORD_LENGTH, passwordLengthMessages } from '../../shared/accounts.ts';
import { commonPasswordMessage, isCommonPassword } from './common-passwords.ts';

/** zxcvbn's score (0 to 4) a new password must reach: 3 is 'safely unguessable' by an online attack. */
export const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;
/** Built on first use (its dictionaries take about a third of a second to load), then kept. */
function strength() {
  estimator ??= new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
  return estimator;
}

/** Words a guesser would try first for this person: their email and its parts, their name, the organisation's name. */
function personalWords(who: { email?: string; name?: string; organisation?: string }): string[] {
  const words = new Set<string>(['helping hands', 'helpinghands']);
  const add = (text: string | undefined) => {
    if (!text) return;
    const lower = text.toLowerCase();
    words.add(lower);
    words.add(lower.replace(/\s+/g, ''));
    for (const part of lower.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  };
  add(who.email);
  add(who.email?.split('@')[0]);
  add(who.name);
  add(who.organisation);
  return [...words];
}

/**
 * Why a new password is refused, or undefined when it may be used. Length first (8 for everyone, 12
 * for an admin), then the most common passwords, then a strength estimate that knows the person's
 * email and name and the organisation's name, and says what makes the password easy to guess.
 * The shorter lengths (the spec's own message under 6) are the shared schema's.
 */
export function passwordProblem(
  password: string,
  who: { admin: boolean; email?: string; name?: string; organisation?: string },
): string | undefined {
  if (who.admin && password.length < ADMIN_MIN_PASSWORD_LENGTH) return passwordLengthMessages.adminTooShort;
  if (isCommonPassword(password)) return commonPasswordMessage;
  const result = strength().check(password, personalWords(who));
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const why = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
  return `This password is too easy to guess.${why ? ` ${why}` : ''} A few unrelated words with a number or symbol work well.`;
}
