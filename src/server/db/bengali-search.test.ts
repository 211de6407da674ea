import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, signUp, type TestAccount } from '../test/accounts.ts';
import { insertEvent } from '../test/factories.ts';
import { sharedApp } from '../test/shared-app.ts';
import type { TestApp } from '../test/test-app.ts';
import { selectivePart, trigramsOf } from './search.ts';

/**
 * Bengali in the searches (DECISIONS 5): words with vowel signs and conjuncts ('ম্যানগ্রোভ'), which
 * the search's choice of the rarest part reads by their letters, found whole or in part.
 */
let t: TestApp;
let admin: TestAccount;
sharedApp({ admin: { role: 'admin' } }, (started) => ({ t, admin } = started));

describe('searching in Bengali', () => {
  it('reads vowel signs and viramas as part of a word, as the database’s trigram index does', async () => {
    // The index is asked about the trigrams the search counts on: a mark read as a space between words
    // would weigh trigrams the index never holds.
    for (const word of ['ক্ষমা', 'নদীর', 'ম্যানগ্রোভ', 'শ্রাবন্তী', 'রোপণ']) {
      const { rows } = (await t.app.db.execute(sql`select array_length(show_trgm(${word}), 1) as n`)) as unknown as {
        rows: { n: number | string }[];
      };
      expect(trigramsOf(Array.from(` ${word} `)).length, word).toBe(Number(rows[0]?.n));
    }
    // A long Bengali search is asked about a part of whole letters with their signs, never a sign alone.
    const part = selectivePart('ক্ষমা শ্রাবন্তী') ?? '';
    expect('ক্ষমা শ্রাবন্তী').toContain(part);
    expect(part).not.toMatch(/^\p{M}/u);
  });

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
