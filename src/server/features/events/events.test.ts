import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  const db = t.app.db;
  ids.past = (await insertEvent(t.app.db, { title: 'Spring Park Restoration', inDays: -30 })).id;
  ids.longAgo = (await insertEvent(db, { title: 'Old Beach Clean-up', inDays: -300 })).id;
  ids.soon = (await insertEvent(db, { title: 'Charity 5K Fun Run', inDays: 3, time: '08:30' })).id;
  ids.later = (await insertEvent(db, { title: 'Winter Coat Drive', inDays: 20 })).id;
  ids.today = (await insertEvent(db, { title: 'Running Club Kit Sort', inDays: 0, time: '18:00' })).id;
  ids.percent = (await insertEvent(db, { title: '100% Volunteer Picnic', inDays: 40 })).id;
});
afterAll(() => t.close());

describe('GET /api/events', () => {
  it('lists upcoming events soonest first, then past events most recent first, with the total', async () => {
    const res = await t.api('/api/events');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('6');
    const events = await res.json();
    expect(events.map((e: { _id: string }) => e._id)).toEqual([ids.today, ids.soon, ids.later, ids.percent, ids.past, ids.longAgo]);
  });

  it('gives each event the spec fields and its place, end and places, a time only when it has one', async () => {
    const events = await (await t.api('/api/events')).json();
    const run = events.find((e: { _id: string }) => e._id === ids.soon);
    expect(Object.keys(run).sort()).toEqual([
      '_id',
      'banner',
      'capacity',
      'checkinHoursBefore',
      'date',
      'desc',
      'donors',
      'end',
      'goal',
      'hours',
      'index',
      'key',
      'location',
      'past',
      'questions',
      'raised',
      'registered',
      'shifts',
      'spotsLeft',
      'title',
      'waiver',
    ]);
    expect(run).toMatchObject({
      location: null,
      end: null,
      capacity: null,
      registered: 0,
      spotsLeft: null,
      shifts: 0,
      past: false,
      goal: null,
      hours: null,
      checkinHoursBefore: 2,
      raised: 0,
      donors: 0,
    });
    expect(run.date).toMatch(/^\d{4}-\d{2}-\d{2}T08:30$/);
    const coats = events.find((e: { _id: string }) => e._id === ids.later);
    expect(coats.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('searches titles case-insensitively anywhere in the title, and counts the matches', async () => {
    const res = await t.api('/api/events?q=rUN');
    expect(res.headers.get('x-total-count')).toBe('2');
    const titles = (await res.json()).map((e: { title: string }) => e.title);
    expect(titles).toEqual(['Running Club Kit Sort', 'Charity 5K Fun Run']);
  });

  it('takes % and _ in a search literally', async () => {
    const percent = await t.api(`/api/events?q=${encodeURIComponent('100%')}`);
    expect((await percent.json()).map((e: { title: string }) => e.title)).toEqual(['100% Volunteer Picnic']);
    const underscore = await t.api('/api/events?q=_');
    expect(underscore.headers.get('x-total-count')).toBe('0');
    expect(await underscore.json()).toEqual([]);
  });

  it('pages with limit and offset while the total stays the whole count', async () => {
    const first = await (await t.api('/api/events?limit=2')).json();
    const res = await t.api('/api/events?limit=2&offset=2');
    expect(res.headers.get('x-total-count')).toBe('6');
    const second = await res.json();
    expect(first.map((e: { _id: string }) => e._id)).toEqual([ids.today, ids.soon]);
    expect(second.map((e: { _id: string }) => e._id)).toEqual([ids.later, ids.percent]);
  });

  it('answers every page, across the line between upcoming and past events, as a slice of the whole list', async () => {
    const ids = async (query: string) => (await (await t.api(`/api/events?${query}`)).json()).map((e: { _id: string }) => e._id);
    const whole = await ids('limit=100');
    for (const limit of [1, 3, 4]) {
      for (let offset = 0; offset <= whole.length + 1; offset += 1) {
        expect(await ids(`limit=${limit}&offset=${offset}`), `limit ${limit} offset ${offset}`).toEqual(
          whole.slice(offset, offset + limit),
        );
      }
    }
    expect(await ids('q=r&limit=2&offset=3')).toEqual((await ids('q=r')).slice(3, 5));
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('refuses %s with 400 naming the field', async (query, field) => {
    const res = await t.api(`/api/events?${query}`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('invalid_input');
    expect(Object.keys(body.error.fields)).toEqual([field]);
  });
});

describe('GET /api/events/:id', () => {
  it('answers one event by its id', async () => {
    const res = await t.api(`/api/events/${ids.later}`);
    expect(res.status).toBe(200);
    const found = await res.json();
    expect(found).toMatchObject({ _id: ids.later, title: 'Winter Coat Drive' });
  });

  it.each([
    ['an unknown id', '0b6f6a57-1b7e-4a8e-9d53-6f1c2a5b9e10'],
    ['a malformed id', 'not-an-id'],
    ['an id with SQL in it', "1' or '1'='1"],
  ])('answers 404 in the JSON error format for %s', async (_what, id) => {
    const res = await t.api(`/api/events/${encodeURIComponent(id)}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Event not found' } });
  });
});
