import { describe, expect, it } from 'vitest';
import type { TestAccount } from '../test/accounts.ts';
import { insertEvent } from '../test/factories.ts';
import { sharedApp } from '../test/shared-app.ts';
import type { TestApp } from '../test/test-app.ts';
import { selectivePart } from './search.ts';

describe('the part of a long search asked of the trigram index', () => {
  it('is the whole search when it is short', () => {
    expect(selectivePart('food')).toBeUndefined();
    expect(selectivePart('garden')).toBeUndefined();
  });

  it('is the part whose trigrams narrow most, leaving out those nearly every row has', () => {
    // 'on1', 'n12', '123' and '23 ' (a word ending in 123): one person; 'son', ' ex' and 'org' are in every email.
    expect(selectivePart('person123@example.org')).toBe('on123@');
    // The number as a whole word.
    expect(selectivePart('Bench event 123 day')).toBe(' 123 ');
    // Nothing but separators would give the index nothing to look up: never chosen.
    expect(selectivePart('a . , ; - b')).toBeUndefined();
  });

  it('is six characters, the rarest, holding a trigram, when no part stands out', () => {
    const part = selectivePart('jane.smith@gmail.com');
    expect(part).toHaveLength(6);
    expect('jane.smith@gmail.com').toContain(part);
    expect(part).toMatch(/[a-z]{3}/);
  });

  it('never cuts a character in half', () => {
    const part = selectivePart('🌱🌱🌱 Seed swap 🌱🌱🌱');
    expect(part).toBeDefined();
    expect(part).toBe(Array.from(part ?? '').join(''));
    expect(part).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect('🌱🌱🌱 Seed swap 🌱🌱🌱').toContain(part);
  });
});

let t: TestApp;
let admin: TestAccount;
sharedApp({ admin: { role: 'admin' } }, (started) => ({ t, admin } = started));

const titlesFor = async (q: string) => {
  const res = await t.api(`/api/events?limit=50&q=${encodeURIComponent(q)}`, { headers: admin.auth });
  expect(res.status).toBe(200);
  return ((await res.json()) as { title: string }[]).map((e) => e.title).sort();
};

describe('a long search', () => {
  it('finds exactly what contains it, in any case, with % and _ taken literally', async () => {
    const titles = [
      'Harbour Clean-up 2031 at Dawn',
      'HARBOUR CLEAN-UP 2031 AT DAWN (again)',
      'Harbour Clean-up 2032 at Dawn',
      'Clean-up 2031 at Dawn by the Harbour',
      '100% Harbour_Clean-up 2031',
      '100x Harbour Clean-up 2031',
      'Café du Château 2031 soirée',
      'Cafe du Chateau 2031 soiree',
      'Seed swap 🌱 2031 🌱 Allotments',
    ];
    for (const title of titles) await insertEvent(t.app.db, { title });

    expect(await titlesFor('harbour clean-up 2031 at dawn')).toEqual([
      'HARBOUR CLEAN-UP 2031 AT DAWN (again)',
      'Harbour Clean-up 2031 at Dawn',
    ]);
    // The rarest part (' 2031 ') is in six other titles too; the whole search in this one alone.
    expect(await titlesFor('Clean-up 2031 at Dawn by')).toEqual(['Clean-up 2031 at Dawn by the Harbour']);
    // LIKE's wildcards are literal: '%' is a percent sign and '_' an underscore, not any character.
    expect(await titlesFor('100% Harbour_Clean')).toEqual(['100% Harbour_Clean-up 2031']);
    expect(await titlesFor('du Château 2031')).toEqual(['Café du Château 2031 soirée']);
    expect(await titlesFor('swap 🌱 2031 🌱 Allot')).toEqual(['Seed swap 🌱 2031 🌱 Allotments']);
    expect(await titlesFor('Harbour Clean-up 2033 at Dawn')).toEqual([]);
  });
});
