import { describe, expect, it } from 'vitest';
import { call, signUp, type TestAccount } from '../test/accounts.ts';
import { insertEvent } from '../test/factories.ts';
import { sharedApp } from '../test/shared-app.ts';
import type { TestApp } from '../test/test-app.ts';

/**
 * Bengali in the searches (DECISIONS 5): words with vowel signs and conjuncts ('ম্যানগ্রোভ'), which
 * the search's choice of the rarest part reads by their letters, found whole or in part.
 */
let t: TestApp;
let admin: TestAccount;
sharedApp({ admin: { role: 'admin' } }, (started) => ({ t, admin } = started));

describe('searching in Bengali', () => {
  it('finds events by Bengali words in their titles, whole or in part', async () => {
    await insertEvent(t.app.db, { title: 'চর কুকরি-মুকরি ম্যানগ্রোভ রোপণ' });
    await insertEvent(t.app.db, { title: 'Harbour Walk' });
    for (const q of ['ম্যানগ্রোভ', 'ম্যানগ্রোভ রোপণ', 'কুকরি-মুকরি', 'রোপণ', 'চর কুকরি-মুকরি ম্যানগ্রোভ রোপণ']) {
      const found = await (await t.api(`/api/events?q=${encodeURIComponent(q)}`)).json();
      expect(
        found.map((e: { title: string }) => e.title),
        q,
      ).toEqual(['চর কুকরি-মুকরি ম্যানগ্রোভ রোপণ']);
    }
  });

  it('finds people by their Bengali names on the admin’s list of accounts', async () => {
    await signUp(t, { name: 'ক্ষমা শ্রাবন্তী' });
    await signUp(t, { name: 'Rina Akter' });
    for (const q of ['শ্রাবন্তী', 'ক্ষমা শ্রাবন্তী', 'ক্ষমা']) {
      const found = await (await call(t, 'GET', `/api/users?q=${encodeURIComponent(q)}`, undefined, admin.auth)).json();
      expect(
        found.map((a: { name: string }) => a.name),
        q,
      ).toEqual(['ক্ষমা শ্রাবন্তী']);
    }
  });
});
