import type { EventCheckins } from '../../../shared/checkin.ts';

/**
 * What the door page keeps on the phone, in IndexedDB (a few calls, so a small wrapper rather than a
 * package): check-ins waiting to be sent, the last door list of each event it opened, and the
 * conflicts the server reported for check-ins sent late. Nothing here is sent anywhere by itself.
 */

/** A check-in made on this phone and not yet answered by the server. */
export interface QueuedCheckin {
  /** The phone's own id for this check-in (crypto.randomUUID), sent as `key`: a resend counts once. */
  key: string;
  eventId: string;
  /** The scanned pass, or the person found by name: one of the two. */
  token?: string;
  registrationId?: string;
  /** Who, as far as the phone knows (from its door list), for 'waiting to send' and the conflicts. */
  name: string | null;
  /** When the person was checked in on the phone (ISO 8601), sent as `at`. */
  at: string;
}

/** A check-in sent late that the server refused: already checked in (on another phone), or not valid. */
export interface CheckinConflict {
  key: string;
  eventId: string;
  name: string | null;
  /** 'already-checked-in', 'waitlisted', 'cancelled', 'other-event', 'undone', 'not-valid' or 'not-found'. */
  reason: string;
  message: string;
  /** For an already-checked-in person: when the check-in that counted was made. */
  checkedInAt: string | null;
  /** When this phone checked the person in. */
  at: string;
}

interface KeptDoorList {
  eventId: string;
  list: EventCheckins;
  savedAt: string;
}

/**
 * A door list as a phone may have kept it, from this version of the page or an older one: one kept
 * before registration asked questions has no `questions`, nor `answers` on its people.
 */
type StoredDoorList = Omit<EventCheckins, 'questions' | 'people'> & {
  questions?: EventCheckins['questions'];
  people: Array<Omit<EventCheckins['people'][number], 'answers'> & { answers?: EventCheckins['people'][number]['answers'] }>;
};

/**
 * A kept door list as this version reads it: what an older version left out (the check-in questions,
 * each person's answers) read as none, so a list kept before an update still opens offline. The store
 * checks no schema (the list was the server's answer when it was kept): only these are filled in.
 */
export function upgradeDoorList(list: StoredDoorList): EventCheckins {
  return {
    ...list,
    questions: Array.isArray(list.questions) ? list.questions : [],
    people: list.people.map((person) => ({ ...person, answers: person.answers ?? null })),
  };
}

const DB_NAME = 'hh-checkin';
const VERSION = 1;
type StoreName = 'queue' | 'doorLists' | 'conflicts';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('queue', { keyPath: 'key' });
      db.createObjectStore('doorLists', { keyPath: 'eventId' });
      db.createObjectStore('conflicts', { keyPath: 'key' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the database: let it, and open again on the next call.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error);
    };
  });
  return opening;
}

/** Runs one request in its own transaction and resolves when the transaction has committed. */
async function run<T>(store: StoreName, mode: IDBTransactionMode, act: (objects: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(store, mode);
    const request = act(transaction.objectStore(store));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? request.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export const doorStore = {
  queue: {
    add: (item: QueuedCheckin) => run('queue', 'readwrite', (s) => s.put(item)).then(() => undefined),
    all: () => run<QueuedCheckin[]>('queue', 'readonly', (s) => s.getAll() as IDBRequest<QueuedCheckin[]>),
    remove: (key: string) => run('queue', 'readwrite', (s) => s.delete(key)),
  },
  doorLists: {
    /** `savedAt`: when the server gave the list (now, unless a copy kept earlier is being updated). */
    save: (eventId: string, list: EventCheckins, savedAt = new Date().toISOString()) =>
      run('doorLists', 'readwrite', (s) => s.put({ eventId, list, savedAt } satisfies KeptDoorList)).then(() => undefined),
    /** The list kept for the event, read as this version reads it (`upgradeDoorList`), or undefined. */
    get: (eventId: string) =>
      run<(Omit<KeptDoorList, 'list'> & { list: StoredDoorList }) | undefined>('doorLists', 'readonly', (s) => s.get(eventId)).then(
        (kept): KeptDoorList | undefined => kept && { ...kept, list: upgradeDoorList(kept.list) },
      ),
  },
  conflicts: {
    add: (conflict: CheckinConflict) => run('conflicts', 'readwrite', (s) => s.put(conflict)).then(() => undefined),
    all: () => run<CheckinConflict[]>('conflicts', 'readonly', (s) => s.getAll() as IDBRequest<CheckinConflict[]>),
    remove: (key: string) => run('conflicts', 'readwrite', (s) => s.delete(key)),
  },
};
