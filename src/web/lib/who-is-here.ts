// Who is here, asked once by main.tsx before a drawn page takes its next step (decision 044): a visitor's
// public page rests until used, someone signed in gets the app at once. The app reads the same answer
// (start-app.tsx) instead of asking the server a second time. Types only from the rest of the app: this
// is part of the first script.
import type { Me } from '../../shared/accounts.ts';

export type Here = { kind: 'visitor' } | { kind: 'account'; account: Me } | { kind: 'unknown' };

let asked: Promise<Here> | undefined;

/** Asks the server once (`GET /api/users/me`: the account, or null for a visitor); later calls share the answer. */
export function whoIsHere(): Promise<Here> {
  asked ??= (async (): Promise<Here> => {
    try {
      const res = await fetch('/api/users/me', { headers: { accept: 'application/json' } });
      if (!res.ok) return { kind: 'unknown' };
      const account = (await res.json()) as Me | null;
      return account === null ? { kind: 'visitor' } : { kind: 'account', account };
    } catch {
      return { kind: 'unknown' };
    }
  })();
  return asked;
}

/** The answer if it was asked for already (on a drawn page), without asking. */
export const askedAlready = () => asked;

/** Marks the page as a visitor's (`<html data-visitor>`): the 'Login' link drawn before that is known shows. */
export function markVisitor(visitor: boolean) {
  if (visitor) document.documentElement.dataset.visitor = 'true';
  else delete document.documentElement.dataset.visitor;
}
