import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventCheckins } from '../../../shared/checkin.ts';
import { doorStore, upgradeDoorList } from './door-store.ts';

/** A door list as the server gives it now: with the check-in questions, and each person's answers. */
const list: EventCheckins = {
  event: {
    _id: 'event-1',
    title: 'Food drive',
    date: '2026-12-05T08:00',
    end: '2026-12-05T14:00',
    location: 'Mill Lane',
    hours: 6,
    checkinOpensAt: '2026-12-05T07:00:00.000Z',
    checkinClosesAt: '2026-12-05T14:00:00.000Z',
  },
  questions: [
    {
      id: 'allergies',
      type: 'text',
      label: 'Allergies',
      required: false,
      options: [],
      staffOnly: false,
      sensitive: false,
      checkIn: true,
      age: false,
    },
  ],
  registered: 2,
  checkedIn: 1,
  people: [
    {
      registrationId: 'reg-ada',
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      checkedInAt: '2026-12-05T08:05:00.000Z',
      hours: 6,
      hoursAdjusted: false,
      shift: null,
      answers: { allergies: 'Peanuts' },
    },
    {
      registrationId: 'reg-ben',
      name: 'Ben Okri',
      email: 'ben@example.org',
      checkedInAt: null,
      hours: 6,
      hoursAdjusted: false,
      shift: null,
      answers: null,
    },
  ],
};

/** The same list as a phone kept it before registration asked questions: no `questions`, no `answers`. */
function keptByAnOlderVersion(): unknown {
  const { questions: _questions, people, ...rest } = list;
  return { ...rest, people: people.map(({ answers: _answers, ...person }) => person) };
}

/**
 * Just enough of IndexedDB for the door list's store: `open`, and a transaction's `get` and `put` on
 * records kept in `records` (by event id), each committing on the next turn as a browser's does.
 */
function fakeIndexedDb(records: Map<string, unknown>) {
  const db = {
    onversionchange: null,
    transaction: () => {
      const transaction: { oncomplete: (() => void) | null; onerror: null; onabort: null; objectStore: () => unknown } = {
        oncomplete: null,
        onerror: null,
        onabort: null,
        objectStore: () => ({
          get: (key: string) => {
            const request = { result: structuredClone(records.get(key)) };
            setTimeout(() => transaction.oncomplete?.());
            return request;
          },
          put: (value: { eventId: string }) => {
            records.set(value.eventId, structuredClone(value));
            setTimeout(() => transaction.oncomplete?.());
            return { result: value.eventId };
          },
        }),
      };
      return transaction;
    },
  };
  return {
    open: () => {
      const request: { result: typeof db; onsuccess: (() => void) | null; onerror: null; onupgradeneeded: null } = {
        result: db,
        onsuccess: null,
        onerror: null,
        onupgradeneeded: null,
      };
      setTimeout(() => request.onsuccess?.());
      return request;
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a door list kept on the phone', () => {
  it('reads a list kept before questions were asked as one with none, and no answers', () => {
    const upgraded = upgradeDoorList(keptByAnOlderVersion() as Parameters<typeof upgradeDoorList>[0]);
    expect(upgraded.questions).toEqual([]);
    expect(upgraded.people.map((person) => person.answers)).toEqual([null, null]);
    // The rest as it was kept.
    expect(upgraded.event).toEqual(list.event);
    expect(upgraded.people.map((person) => [person.name, person.checkedInAt])).toEqual([
      ['Ada Lovelace', '2026-12-05T08:05:00.000Z'],
      ['Ben Okri', null],
    ]);
  });

  it('keeps a list of this version as it is', () => {
    expect(upgradeDoorList(list)).toEqual(list);
  });

  it('opens an older copy from IndexedDB without breaking, and keeps a new one with its answers', async () => {
    const records = new Map<string, unknown>([
      ['event-old', { eventId: 'event-old', list: keptByAnOlderVersion(), savedAt: '2026-12-05T07:30:00.000Z' }],
    ]);
    vi.stubGlobal('indexedDB', fakeIndexedDb(records));
    const old = await doorStore.doorLists.get('event-old');
    expect(old?.savedAt).toBe('2026-12-05T07:30:00.000Z');
    expect(old?.list.questions).toEqual([]);
    expect(old?.list.people.map((person) => person.answers)).toEqual([null, null]);

    await doorStore.doorLists.save('event-new', list, '2026-12-05T07:45:00.000Z');
    const kept = await doorStore.doorLists.get('event-new');
    expect(kept?.list).toEqual(list);
    expect(await doorStore.doorLists.get('event-none')).toBeUndefined();
  });
});
